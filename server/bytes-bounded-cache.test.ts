import { describe, expect, test } from "vitest";
import { createBytesBoundedCache } from "./bytes-bounded-cache.ts";

type Kept = { size: number };
const sized = (size: number): Kept => ({ size });
const cacheOf = (bytesKept: number) => createBytesBoundedCache<string, Kept>(bytesKept, (value) => value.size);
const keys = (cache: ReturnType<typeof cacheOf>, all: string[]) => all.filter((key) => cache.peek(key) !== undefined);

describe("a cache bounded in bytes", () => {
  test("lets the least recently used go first once what it keeps passes the bound", () => {
    const cache = cacheOf(100);
    cache.set("a", sized(40));
    cache.set("b", sized(40));
    cache.get("a");
    cache.set("c", sized(40));
    expect(keys(cache, ["a", "b", "c"])).toEqual(["a", "c"]);
    expect(cache.bytes).toBe(80);
  });

  test("peeking does not count as a use", () => {
    const cache = cacheOf(100);
    cache.set("a", sized(40));
    cache.set("b", sized(40));
    cache.peek("a");
    cache.set("c", sized(40));
    expect(keys(cache, ["a", "b", "c"])).toEqual(["b", "c"]);
  });

  test("keeps a value larger than the bound alone, since it is being served", () => {
    const cache = cacheOf(100);
    cache.set("a", sized(40));
    cache.set("big", sized(150));
    expect(keys(cache, ["a", "big"])).toEqual(["big"]);
    expect(cache.bytes).toBe(150);
  });

  test("counts a value set again under its key once, at its new size", () => {
    const cache = cacheOf(100);
    cache.set("a", sized(40));
    cache.set("a", sized(60));
    cache.set("b", sized(40));
    expect(keys(cache, ["a", "b"])).toEqual(["a", "b"]);
    expect(cache.bytes).toBe(100);
  });

  test("holds the bound when a kept value grows: the others go, least recently used first, the grown one stays", () => {
    const cache = cacheOf(100);
    const grows = sized(20);
    cache.set("grows", grows);
    cache.set("b", sized(30));
    cache.set("c", sized(30));
    grows.size = 60;
    cache.remeasure("grows");
    expect(keys(cache, ["grows", "b", "c"])).toEqual(["grows", "c"]);
    expect(cache.bytes).toBe(90);
    // What goes is taken off at the size last measured (60): counted at 20, c would have gone too.
    cache.set("d", sized(50));
    expect(keys(cache, ["grows", "c", "d"])).toEqual(["c", "d"]);
    expect(cache.bytes).toBe(80);
  });

  test("remeasuring a key it does not keep changes nothing", () => {
    const cache = cacheOf(100);
    cache.set("a", sized(40));
    cache.remeasure("gone");
    expect(cache.bytes).toBe(40);
  });

  test("holds a bound that changes as it is now: made smaller, the least recently used go at the next set; made larger, more are kept", () => {
    let bound = 30;
    const cache = createBytesBoundedCache<string, string>(() => bound, (value) => value.length);
    for (const key of ["a", "b", "c"]) cache.set(key, "x".repeat(10));
    expect(cache.bytes).toBe(30);
    bound = 10;
    cache.get("a");
    cache.set("d", "x".repeat(5));
    // The least recently used go first ("b", "c", then "a") until it fits; "d", being set, stays.
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c"), cache.peek("d")].map(Boolean)).toEqual([false, false, false, true]);
    expect(cache.bytes).toBe(5);
    bound = 30;
    for (const key of ["e", "f"]) cache.set(key, "x".repeat(10));
    expect(cache.bytes).toBe(25);
  });
});
