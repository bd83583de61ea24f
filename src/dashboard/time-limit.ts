/**
 * `work`'s answer, or null when it takes longer than `ms`: a page is not held by one slow read
 * (the read goes on, and fills its caches for the next page). A rejection is passed on.
 */
export async function withinMs<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
