/**
 * The custom HyperFormula functions grid definitions may use, as one function plugin with a
 * static table (the HyperFormula way). They are thin: the logic lives in plain TS functions
 * (chinese-capitals.ts, money.ts) that the rest of the code calls directly, so a formula and a
 * page never disagree.
 *
 * - RMB_UPPER(amountYuan): 人民币大写, '超出最大处理数字' when |amount| >= 1e15.
 * - ROUND_HALF_UP(value, digits): half away from zero on the decimal digits (ROUND in Excel
 *   rounds binary floats, so 1.005 would become 1.00; here it is 1.01).
 */
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula } from 'hyperformula';
import { roundDecimal, toDecimal } from '../src/shared/money.js';
import { yuanToChineseCapitals } from './chinese-capitals.js';

/** Half away from zero to `digits` decimals (negative digits round to tens, hundreds...). */
export function roundHalfUp(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  const d = toDecimal(value);
  if (!d) return value;
  const places = Math.trunc(digits);
  const scaled = roundDecimal(d, places);
  return Number(`${scaled}e${-places}`);
}

/** The argument list and interpreter state HyperFormula hands a plugin method (not exported by it). */
type RunArgs = Parameters<GridFunctionsPlugin['runFunction']>;
type ProcedureAst = { args: RunArgs[0] };
type InterpreterState = RunArgs[1];

export class GridFunctionsPlugin extends FunctionPlugin {
  public static override implementedFunctions = {
    RMB_UPPER: {
      method: 'rmbUpper',
      parameters: [{ argumentType: FunctionArgumentType.NUMBER }],
    },
    ROUND_HALF_UP: {
      method: 'roundHalfUp',
      parameters: [
        { argumentType: FunctionArgumentType.NUMBER },
        { argumentType: FunctionArgumentType.INTEGER, defaultValue: 0, minValue: -15, maxValue: 15 },
      ],
    },
  };

  public rmbUpper(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('RMB_UPPER'), (amount: number) => {
      return yuanToChineseCapitals(amount) ?? new CellError(ErrorType.VALUE, '不是有效的金额');
    });
  }

  public roundHalfUp(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ROUND_HALF_UP'), (value: number, digits: number) =>
      roundHalfUp(value, digits),
    );
  }
}

const TRANSLATIONS = {
  enGB: { RMB_UPPER: 'RMB_UPPER', ROUND_HALF_UP: 'ROUND_HALF_UP' },
  enUS: { RMB_UPPER: 'RMB_UPPER', ROUND_HALF_UP: 'ROUND_HALF_UP' },
};

let registered = false;

/** Registers the plugin once per process; call before building an engine. */
export function registerGridFunctions(): void {
  if (registered) return;
  HyperFormula.registerFunctionPlugin(GridFunctionsPlugin, TRANSLATIONS);
  registered = true;
}
