/**
 * Where the REST API is mounted. Here, below the edges, because `http/` serves it and `mcp/` calls
 * it in process, and edges do not import each other.
 */
export const API_PREFIX = '/api/v1';
