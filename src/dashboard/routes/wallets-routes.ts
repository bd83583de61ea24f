import type { FastifyInstance } from 'fastify';
import type { ChainType } from '../../domain/wallets.ts';
import { AppError } from '../../errors/app-error.ts';
import { html } from '../html.ts';
import { PAGES } from '../paths.ts';
import {
  type DashboardDeps,
  formField,
  queryField,
  requireSession,
  sendPage,
  sessionContext,
} from '../request-context.ts';
import type { Flash } from '../views/layout.ts';
import { walletsPage } from '../views/wallets-view.ts';
import { chainsOfType, pickChain, readWalletBalances } from '../wallet-balances.ts';

const CHAIN_TYPES: ChainType[] = ['ethereum', 'solana'];

export async function walletsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;

  app.get('/wallets', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const userId = auth.session.userId;
    // With a provider that owns the wallet lists (Privy), the page says which account they come from.
    const link = services.wallets.provider.linksUsers
      ? {
          provider: services.wallets.provider.name,
          providerUserId: (await services.users.findById(userId))?.providerUserId ?? null,
        }
      : null;
    let wallets: Awaited<ReturnType<typeof services.wallets.list>> = [];
    let linkProblem: string | null = null;
    try {
      wallets = await services.wallets.list(userId);
    } catch (err) {
      if (
        !(err instanceof AppError) ||
        !link ||
        !['USER_NOT_LINKED', 'PROVIDER_RPC_ERROR', 'SERVICE_UNAVAILABLE'].includes(err.code)
      )
        throw err;
      linkProblem = err.message;
    }
    const chains = services.chains.list();
    const pickers = CHAIN_TYPES.filter((t) => wallets.some((w) => w.chainType === t)).map((chainType) => ({
      chainType,
      choices: chainsOfType(chains, chainType),
      selected: pickChain(chains, chainType, queryField(request, chainType)),
    }));
    const chainFor = (t: ChainType) => pickers.find((p) => p.chainType === t)?.selected ?? null;
    const balances = await readWalletBalances(
      deps.walletBalances,
      userId,
      wallets.map((wallet) => ({ wallet, chain: chainFor(wallet.chainType) })),
    );
    const changed = wallets.find((w) => w.address === queryField(request, 'changed'));
    const flash: Flash | null = linkProblem
      ? { kind: 'error', message: html`${linkProblem}` }
      : changed
        ? {
            kind: 'success',
            message: html`Automation is now ${changed.automationEnabled ? 'enabled' : 'disabled'} for
            <code>${changed.address}</code>.`,
          }
        : queryField(request, 'refreshed')
          ? { kind: 'success', message: html`Wallets refreshed from ${link?.provider ?? 'the provider'}.` }
          : null;
    return sendPage(reply, walletsPage({ user: auth.user, wallets, pickers, balances, flash, link }));
  });

  // A fresh read of the user's linked accounts at the provider (Privy), past the cache.
  app.post('/wallets/refresh', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    await services.wallets.refresh(auth.session.userId);
    return reply.redirect(`${PAGES.wallets}?refreshed=1`, 303);
  });

  app.post('/wallets/automation', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const address = formField(request, 'address') ?? '';
    const automation = formField(request, 'automation');
    if (automation !== 'on' && automation !== 'off')
      throw new AppError('INVALID_INPUT', 'automation must be on or off.');
    // WALLET_NOT_FOUND for an address that is not one of this user's wallets.
    const wallet = await services.wallets.setAutomation(
      address,
      automation === 'on',
      auth.session.userId,
      sessionContext(request, auth.session),
    );
    request.log.info(
      { event: 'dashboard.automation', userId: auth.session.userId, address: wallet.address, automation },
      'wallet automation changed in the dashboard',
    );
    const back = new URLSearchParams();
    for (const t of CHAIN_TYPES) {
      const slug = formField(request, t);
      if (slug) back.set(t, slug);
    }
    back.set('changed', wallet.address);
    return reply.redirect(`${PAGES.wallets}?${back}`, 303);
  });
}
