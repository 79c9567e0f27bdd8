/** Values for the CSV bodies of COPY ... WITH (FORMAT csv): src/lib/csv.ts, where worker tasks can reach it too. */
export { csvField } from '../lib/csv.ts';
