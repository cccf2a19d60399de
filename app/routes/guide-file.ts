import type { Route } from "./+types/guide-file";
import { getGuide } from "../guide/service/guide-service.server";
import { contentFileResponse } from "../guide/files/content-file-response.server";

/** Images and other files of the content folder, by their path in it (see content-file-response.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return contentFileResponse(request, params["*"], (await getGuide()).files);
}
