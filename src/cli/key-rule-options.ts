import type { Command } from 'commander';
import type { KeyPolicyInput } from '../app/key-policies.ts';

const repeat = (value: string, all: string[]) => [...all, value];

/** The options of `keys create` for issue 30's rules: approvals and the finer rules. */
export function addKeyRuleOptions(command: Command): Command {
  return command
    .option(
      '--approval-above <chain:asset:amount>',
      'a write moving more than amount (base units) of the asset in one transaction waits for a person (repeatable)',
      repeat,
      [] as string[],
    )
    .option(
      '--approval-for <list>',
      'comma-separated kinds that always wait for a person: send, approve, contract, swap',
    )
    .option(
      '--contract-methods <address:method,...>',
      'a contract called only with these methods: 4-byte selectors or signatures such as transfer(address,uint256) (repeatable)',
      repeat,
      [] as string[],
    )
    .option(
      '--max-approval <chain:token:amount>',
      'the most an approval may grant of a token, base units; unlimited approvals are then refused unless --allow-unlimited-approvals (repeatable)',
      repeat,
      [] as string[],
    )
    .option('--active-hours <HH:MM-HH:MM>', 'the UTC hours the key may write in, e.g. 08:00-20:00');
}

export interface KeyRuleOptions {
  approvalAbove: string[];
  approvalFor?: string;
  contractMethods: string[];
  maxApproval: string[];
  activeHours?: string;
}

/** Splits at commas outside parentheses: `transfer(address,uint256),0x095ea7b3` is two methods. */
function methodList(raw: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of raw) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

/** The policy parts of the options; `fail` reports a malformed one (the key's own checks do the rest). */
export function keyRulesFromOptions(opts: KeyRuleOptions, fail: (message: string) => never): KeyPolicyInput {
  const triple = (flag: string, spec: string) => {
    const parts = spec.split(':');
    if (parts.length !== 3)
      fail(`error: ${flag} ${spec}: expected chain:${flag === '--max-approval' ? 'token' : 'asset'}:amount`);
    return parts as [string, string, string];
  };
  const approvalAbove = opts.approvalAbove.map((spec) => {
    const [chain, asset, amount] = triple('--approval-above', spec);
    return { chain, asset, amount };
  });
  const maxApprovals = opts.maxApproval.map((spec) => {
    const [chain, token, amount] = triple('--max-approval', spec);
    return { chain, token, amount };
  });
  const contractMethods = opts.contractMethods.map((spec) => {
    const at = spec.indexOf(':');
    if (at <= 0) fail(`error: --contract-methods ${spec}: expected address:method[,method…]`);
    return { contract: spec.slice(0, at), methods: methodList(spec.slice(at + 1)) };
  });
  return {
    ...(approvalAbove.length > 0 ? { approvalAbove } : {}),
    ...(opts.approvalFor !== undefined ? { approvalFor: opts.approvalFor.split(',') } : {}),
    ...(contractMethods.length > 0 ? { contractMethods } : {}),
    ...(maxApprovals.length > 0 ? { maxApprovals } : {}),
    ...(opts.activeHours !== undefined ? { activeHours: opts.activeHours } : {}),
  };
}
