import { data } from "react-router";

/** Every path no other route claims: the root error page, with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
