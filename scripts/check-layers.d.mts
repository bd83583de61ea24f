/** The problems of the tree under `src` (src/ by default), one line each, with its counts. */
export function checkLayers(src?: string): {
  problems: string[];
  modules: number;
  imports: number;
  allowlisted: number;
};
