import type { Route } from "./+types/guide-file";
import { getGuide } from "../guide/content-dir.server";
import { contentFileResponse } from "../guide/content-file-response.server";

/** Images and other files of the content folder, by their path in it (see content-file-response.server.ts). */
export function loader({ request, params }: Route.LoaderArgs) {
  return contentFileResponse(request, params["*"], getGuide().files);
}
