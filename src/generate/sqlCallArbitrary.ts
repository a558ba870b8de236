import fc from 'fast-check';
import type { HarvestedRoutine } from '../../harness/index.js';
import { columnLiteral, quoteIdentifier } from './sqlLiteral.js';

/**
 * `SELECT <function>(<arguments>)` for one of the database's own functions: a statement that reads like a query
 * and runs whatever the function does (an `UPDATE` inside it included), as a guard that lets only SELECT
 * through lets it run; `CALL <procedure>(<arguments>)` for a procedure. Each argument is a literal of its declared type (`integers`: key values of the
 * sandbox, so that a function taking an id meets a row); `undefined` when an argument's type is one hintproof
 * cannot fill.
 */
export function callArbitrary(
  routine: HarvestedRoutine,
  integers: readonly number[],
): fc.Arbitrary<string> | undefined {
  const literals = routine.args.map((type) =>
    columnLiteral({ name: '', type, nullable: false, hasDefault: false }, routine.dialect, integers),
  );
  if (literals.some((literal) => literal === undefined)) return undefined;
  const name =
    routine.schema === undefined
      ? quoteIdentifier(routine.name)
      : `${quoteIdentifier(routine.schema)}.${quoteIdentifier(routine.name)}`;
  return fc
    .tuple(...(literals as fc.Arbitrary<string>[]))
    .map((values) => `${routine.kind === 'procedure' ? 'CALL' : 'SELECT'} ${name}(${values.join(', ')})`);
}
