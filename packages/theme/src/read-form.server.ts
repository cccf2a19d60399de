/**
 * Reads a small urlencoded form, refusing anything else before it can cost
 * memory: a body over `maxBytes` (declared or not) stops being read at that
 * point, and a body that is not form data or not UTF-8 is not parsed.
 * Web streams only, so it runs wherever React Router runs.
 */
export type FormReadResult =
  | { ok: true; form: URLSearchParams }
  | { ok: false; status: 400 | 413 | 415; reason: string };

export async function readSmallForm(request: Request, maxBytes: number): Promise<FormReadResult> {
  const type = request.headers.get("Content-Type")?.split(";", 1)[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    return { ok: false, status: 415, reason: "Send the form as application/x-www-form-urlencoded." };
  }
  const body = new Uint8Array(maxBytes);
  let size = 0;
  const reader = request.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        // Stop reading but leave the connection alone, so the answer gets
        // through; the server discards the rest of the body.
        reader.releaseLock();
        return { ok: false, status: 413, reason: `The form is larger than ${maxBytes} bytes.` };
      }
      body.set(value, size);
      size += value.byteLength;
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body.subarray(0, size));
  } catch {
    return { ok: false, status: 400, reason: "The form is not valid UTF-8." };
  }
  return { ok: true, form: new URLSearchParams(text) };
}
