/**
 * Deterministic generator of realistic UK customer bank histories (see docs/personas.md).
 * Pure: no clock, no I/O, no Math.random; the same seed and asOf give byte-identical output.
 */
export { generatePersona, listPersonas } from './personas.ts';
export { generateVolume } from './volume.ts';
export { toAccountWire, toEngineInput } from './wire.ts';
export type {
  AccountParty,
  Balance,
  GenerateOptions,
  GeneratedTransaction,
  IncomeTruth,
  Persona,
  PersonaAccount,
  PersonaSummary,
  Statement,
  Truth,
} from './model.ts';
export type { Label } from './labels.ts';
export type { VolumeOptions } from './volume.ts';
