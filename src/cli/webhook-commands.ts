import type { Command } from 'commander';
import type { Operator } from '../app/operator.ts';
import { printResult, printWebhook, printWebhooks } from './output.ts';

type WithOperator = <T>(action: (op: Operator) => Promise<T>, print: (result: T) => void) => Promise<void>;

/** `wallet-api webhooks add|list|rm|test` (issue 28): a user's webhook endpoints, by email. */
export function registerWebhookCommands(program: Command, withOperator: WithOperator): void {
  const json = () => Boolean(program.opts().json);
  const webhooks = program.command('webhooks').description('Manage a user’s webhook endpoints');
  webhooks
    .command('add')
    .description('Add a webhook endpoint (its signing secret is printed once)')
    .requiredOption('--user <email>', 'owner email')
    .requiredOption('--url <url>', 'where events are POSTed (https; in local mode http to this machine too)')
    .option('--types <list>', 'comma-separated event types (transaction.confirmed,…); default every type')
    .option('--description <text>', 'what it is for')
    .action(async (opts: { user: string; url: string; types?: string; description?: string }) => {
      await withOperator(
        (op) =>
          op.addWebhook({
            email: opts.user,
            url: opts.url,
            ...(opts.types !== undefined ? { types: opts.types.split(',') } : {}),
            ...(opts.description !== undefined ? { description: opts.description } : {}),
          }),
        (created) => printWebhook(json(), created),
      );
    });
  webhooks
    .command('list')
    .description('List a user’s webhook endpoints')
    .requiredOption('--user <email>', 'owner email')
    .action(async (opts: { user: string }) => {
      await withOperator(
        (op) => op.listWebhooks({ email: opts.user }),
        (list) => printWebhooks(json(), list),
      );
    });
  webhooks
    .command('rm')
    .description('Delete a webhook endpoint (pending deliveries to it are dropped)')
    .argument('<id>', 'endpoint id (whk_…)')
    .requiredOption('--user <email>', 'owner email')
    .action(async (id: string, opts: { user: string }) => {
      await withOperator(
        (op) => op.removeWebhook({ email: opts.user, id }),
        (r) => printResult(json(), r, `Deleted webhook endpoint ${r.id}`),
      );
    });
  webhooks
    .command('test')
    .description('Send a webhook.test event to one endpoint')
    .argument('<id>', 'endpoint id (whk_…)')
    .requiredOption('--user <email>', 'owner email')
    .action(async (id: string, opts: { user: string }) => {
      await withOperator(
        (op) => op.testWebhook({ email: opts.user, id }),
        (r) => printResult(json(), r, `Queued test event ${r.eventId} (delivered by the server or a worker)`),
      );
    });
}
