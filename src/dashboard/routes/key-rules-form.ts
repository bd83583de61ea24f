import type { FinerRulesInput } from '../../app/key-finer-rules.ts';
import { APPROVAL_KINDS } from '../../app/key-finer-rules.ts';
import { AppError } from '../../errors/app-error.ts';

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * The key form's approval and finer rules (issue 30), amounts in base units: approval thresholds
 * and maximum approvals one per line as “chain asset amount”, contract methods as “address
 * method,method”, the kinds that always wait as checkboxes, active hours as HH:MM-HH:MM.
 */
export function keyRulesFromForm(field: (name: string) => string | undefined): FinerRulesInput {
  const triples = (name: string, label: string) =>
    linesOf(field(name)).map((line, i) => {
      const parts = line.split(/\s+/);
      if (parts.length !== 3)
        throw new AppError(
          'INVALID_INPUT',
          `${label}, line ${i + 1}: write “chain asset amount” (amount in base units)`,
        );
      return parts as [string, string, string];
    });
  const approvalAbove = triples('approval_above', 'Approval thresholds').map(([chain, asset, amount]) => ({
    chain,
    asset,
    amount,
  }));
  const maxApprovals = triples('max_approvals', 'Maximum approvals').map(([chain, token, amount]) => ({
    chain,
    token,
    amount,
  }));
  const contractMethods = linesOf(field('contract_methods')).map((line, i) => {
    const [contract, methods] = line.split(/\s+/, 2);
    if (!contract || !methods)
      throw new AppError(
        'INVALID_INPUT',
        `Contract methods, line ${i + 1}: write “address method,method”, e.g. “0x… transfer(address,uint256)”`,
      );
    // Commas inside a signature's parentheses belong to it.
    return { contract, methods: methods.split(/,(?![^(]*\))/).map((m) => m.trim()) };
  });
  const approvalFor = APPROVAL_KINDS.filter((k) => field(`approval_for_${k}`) !== undefined);
  const hours = field('active_hours')?.trim();
  return {
    ...(approvalAbove.length > 0 ? { approvalAbove } : {}),
    ...(approvalFor.length > 0 ? { approvalFor } : {}),
    ...(contractMethods.length > 0 ? { contractMethods } : {}),
    ...(maxApprovals.length > 0 ? { maxApprovals } : {}),
    ...(hours ? { activeHours: hours } : {}),
  };
}
