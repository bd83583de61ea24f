import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import type { ChainType } from '../../store/repositories/wallets-repository.ts';
import { html } from '../html.ts';
import { chainsOfType, pickChain, readNativeBalances } from '../native-balances.ts';
import { PAGES } from '../paths.ts';
import { type DashboardDeps, formField, queryField, requireSession, sendPage } from '../request-context.ts';
import type { Flash } from '../views/layout.ts';
import { walletsPage } from '../views/wallets-view.ts';

const CHAIN_TYPES: ChainType[] = ['ethereum', 'solana'];

export async function walletsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;

  app.get('/wallets', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const userId = auth.session.userId;
    const wallets = await services.wallets.list(userId);
    const chains = services.chains.list();
    const pickers = CHAIN_TYPES.filter((t) => wallets.some((w) => w.chainType === t)).map((chainType) => ({
      chainType,
      choices: chainsOfType(chains, chainType),
      selected: pickChain(chains, chainType, queryField(request, chainType)),
    }));
    const chainFor = (t: ChainType) => pickers.find((p) => p.chainType === t)?.selected ?? null;
    const balances = await readNativeBalances(
      deps.nativeBalance,
      userId,
      wallets.map((wallet) => ({ wallet, chain: chainFor(wallet.chainType) })),
    );
    const changed = wallets.find((w) => w.address === queryField(request, 'changed'));
    const flash: Flash | null = changed
      ? {
          kind: 'success',
          message: html`Automation is now ${changed.automationEnabled ? 'enabled' : 'disabled'} for
            <code>${changed.address}</code>.`,
        }
      : null;
    return sendPage(reply, walletsPage({ user: auth.user, wallets, pickers, balances, flash }));
  });

  app.post('/wallets/automation', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const address = formField(request, 'address') ?? '';
    const automation = formField(request, 'automation');
    if (automation !== 'on' && automation !== 'off')
      throw new AppError('INVALID_INPUT', 'automation must be on or off.');
    // WALLET_NOT_FOUND for an address that is not one of this user's wallets.
    const wallet = await services.wallets.setAutomation(address, automation === 'on', auth.session.userId);
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
