/** The scripted text chunks, identical in the fake's process and the measuring one. */
export function benchChunks(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `tok${i % 97} `);
}
