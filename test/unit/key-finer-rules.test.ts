import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { approvalReasons, checkFinerRules, parseFinerRules } from '../../src/app/key-finer-rules.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { keyRulesFromOptions } from '../../src/cli/key-rule-options.ts';
import type { WriteSpend } from '../../src/domain/transactions.ts';

const chains = createChainRegistry({}, {});
const TOKEN = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const SPENDER = '0x111111125421cA6dc452d289314280a0f8842A65';
const spend = (over: Partial<WriteSpend> = {}): WriteSpend => ({
  chain: 'base',
  chainType: 'ethereum',
  moves: [],
  ...over,
});
const at = (hhmm: string) => new Date(`2026-01-01T${hhmm}:00Z`);

describe('issue 30 key rules: approvals and finer rules', () => {
  test('a threshold counts what one write moves of an asset, and allowances it grants', () => {
    const rules = parseFinerRules(chains, {
      approvalAbove: [
        { chain: 'base', asset: 'native', amount: '100' },
        { chain: 'base', asset: TOKEN, amount: '50' },
      ],
    });
    assert.deepEqual(
      approvalReasons(rules, spend({ moves: [{ asset: 'native', amount: 100n }] }), 'send'),
      [],
    );
    assert.equal(
      approvalReasons(
        rules,
        spend({
          moves: [
            { asset: 'native', amount: 60n },
            { asset: 'native', amount: 41n },
          ],
        }),
        'contract',
      ).length,
      1,
      'two moves of one asset add up',
    );
    assert.match(
      approvalReasons(
        rules,
        spend({ approvals: [{ asset: TOKEN, spender: SPENDER, amount: 51n }] }),
        'approve',
      )[0] ?? '',
      /grants an allowance of 51/,
    );
    assert.equal(
      approvalReasons(
        rules,
        spend({ approvals: [{ asset: TOKEN, spender: SPENDER, amount: 1n, increase: true }] }),
        'contract',
      ).length,
      1,
      'increaseAllowance ends at a total the key cannot see: above any threshold',
    );
    assert.deepEqual(
      approvalReasons(
        rules,
        spend({ chain: 'ethereum', moves: [{ asset: 'native', amount: 10n ** 20n }] }),
        'send',
      ),
      [],
      'thresholds are per chain',
    );
  });

  test('approvalFor sends whole kinds to a person', () => {
    const rules = parseFinerRules(chains, { approvalFor: ['swap', 'contract'] });
    assert.equal(approvalReasons(rules, spend(), 'swap').length, 1);
    assert.equal(approvalReasons(rules, spend(), 'send').length, 0);
  });

  test('active hours include their start, exclude their end, and may span midnight', () => {
    const day = {
      ...parseFinerRules(chains, { activeHours: '08:00-20:00' }),
      allowUnlimitedApprovals: false,
    };
    const night = {
      ...parseFinerRules(chains, { activeHours: '22:00-06:00' }),
      allowUnlimitedApprovals: false,
    };
    checkFinerRules(day, spend(), at('08:00'));
    checkFinerRules(day, spend(), at('19:59'));
    assert.throws(
      () => checkFinerRules(day, spend(), at('20:00')),
      /active hours, 08:00-20:00 UTC \(now 20:00 UTC\)/,
    );
    checkFinerRules(night, spend(), at('23:30'));
    checkFinerRules(night, spend(), at('05:59'));
    assert.throws(() => checkFinerRules(night, spend(), at('12:00')), /22:00-06:00/);
  });

  test('method allowlists take selectors and signatures, and hold only for the contracts they name', () => {
    const r = {
      ...parseFinerRules(chains, {
        contractMethods: [{ contract: TOKEN, methods: ['transfer(address,uint256)', '0x095EA7B3'] }],
      }),
      allowUnlimitedApprovals: false,
    };
    assert.deepEqual(r.contractMethods[0]?.selectors, ['0xa9059cbb', '0x095ea7b3']);
    checkFinerRules(r, spend({ contract: TOKEN, selector: '0xa9059cbb' }), at('12:00'));
    assert.throws(
      () => checkFinerRules(r, spend({ contract: TOKEN, selector: '0x23b872dd' }), at('12:00')),
      /0x23b872dd/,
    );
    assert.throws(
      () => checkFinerRules(r, spend({ contract: TOKEN, selector: '0x' }), at('12:00')),
      /empty call data/,
    );
    checkFinerRules(r, spend({ contract: SPENDER, selector: '0x23b872dd' }), at('12:00'));
  });

  test('the CLI options read signatures with commas inside their parentheses as one method', () => {
    const fail = (message: string): never => {
      throw new Error(message);
    };
    assert.deepEqual(
      keyRulesFromOptions(
        {
          approvalAbove: ['base:native:100'],
          approvalFor: 'contract,swap',
          contractMethods: [`${TOKEN}:transfer(address,uint256),0x095ea7b3`],
          maxApproval: [`base:${TOKEN}:5`],
          activeHours: '08:00-20:00',
        },
        fail,
      ),
      {
        approvalAbove: [{ chain: 'base', asset: 'native', amount: '100' }],
        approvalFor: ['contract', 'swap'],
        contractMethods: [{ contract: TOKEN, methods: ['transfer(address,uint256)', '0x095ea7b3'] }],
        maxApprovals: [{ chain: 'base', token: TOKEN, amount: '5' }],
        activeHours: '08:00-20:00',
      },
    );
    assert.throws(
      () => keyRulesFromOptions({ approvalAbove: ['base:100'], contractMethods: [], maxApproval: [] }, fail),
      /expected chain:asset:amount/,
    );
  });
});
