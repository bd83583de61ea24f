// Tests read API responses loosely: `await res.json()` is `any` here (only under test/), so
// assertions can reach into bodies without restating every response type.
declare global {
  interface Response {
    // biome-ignore lint/suspicious/noExplicitAny: test-only convenience, see above
    json(): Promise<any>;
  }
}

export {};
