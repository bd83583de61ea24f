/**
 * `wallet-api mcp`: the MCP server on stdio, for an agent that launches it as a child. It is a
 * client of a running service (WALLET_API_URL, WALLET_API_KEY) and boots no services of its own.
 * Here rather than in cli/ because the CLI and MCP are both edges, and edges do not import each
 * other; loaded only when the command runs (the MCP SDK is large).
 */
export async function bootMcpStdio(env: Record<string, string | undefined>): Promise<void> {
  const { runStdioServer } = await import('../mcp/stdio.ts');
  await runStdioServer(env);
}
