// negotiator 1.x (jshttp, as Express and its compression use it) ships no
// types, and @types/negotiator describes 0.6, without `preferred`: the part
// used here.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The client's most preferred of `available`, `preferred` deciding between equal weights; undefined when it takes none. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
