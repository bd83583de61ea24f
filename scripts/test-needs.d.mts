export type Need = 'devnet' | 'postgres';
export const NEEDS: Readonly<Record<Need, string>>;
export function readNeeds(file: string, source?: string): Set<Need>;
export function requireNeed(need: Need): void;
