// Loader hooks of module-census.mjs (they run on the loader's own thread): every module the ESM
// loader loads is posted back to the main thread.
let port;

export async function initialize(data) {
  port = data.port;
}

export async function load(url, context, nextLoad) {
  port.postMessage(url);
  return nextLoad(url, context);
}
