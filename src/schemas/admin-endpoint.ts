/**
 * The file under DATA_DIR where a server that owns the embedded database says where its operator
 * endpoint listens (`{ url, token, pid }`, mode 0600). Here, below the edges, because the server
 * writes it (src/http/admin/admin-server.ts) and the CLI reads it (src/cli/operator-connection.ts).
 */
export const ADMIN_FILE = 'admin.json';
