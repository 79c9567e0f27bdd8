/** Wire pieces shared by several endpoints: the problem body, numeric strings, paging. */
import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../lib/app-error.ts';
import { PROBLEM_CONTENT_TYPE } from './problem.ts';

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI naming the kind of problem (urn:obi:problem:<code>); stable, for programs' }),
    title: Type.String({
      description: 'short human-readable summary of the kind of problem; the same for every occurrence',
    }),
    status: Type.Integer({ description: 'the HTTP status code of this answer, as an integer' }),
    detail: Type.String({
      description: 'what went wrong this time, in a sentence meant for a developer (never personal data)',
    }),
    code: Type.Unsafe<string>({
      type: 'string',
      enum: [...ERROR_CODES],
      description: 'stable snake_case error code to branch on (docs/api-notes.md lists them)',
    }),
    errors: Type.Array(
      Type.Object({
        pointer: Type.String({
          description: 'JSON Pointer to the bad input: /body/…, /query/…, /path/… or /header/…',
        }),
        detail: Type.String({ description: 'what is wrong with that input' }),
      }),
      { description: 'one entry per bad input (empty when the problem is not about a particular input)' },
    ),
  },
  { additionalProperties: true, $id: 'Problem', description: 'RFC 9457 Problem Details' },
);

/**
 * An error response as the OpenAPI document declares it: Problem Details served as `application/problem+json`
 * (src/http/problem.ts), so a generated client reads error bodies with the media type they arrive with.
 */
export function problemResponse(schema: TSchema = Type.Ref('Problem')): TSchema {
  return { content: { [PROBLEM_CONTENT_TYPE]: { schema } } } as unknown as TSchema;
}

/** Error responses every authenticated route can give. */
export function problemResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const s of statuses) out[s] = problemResponse();
  return out;
}

export const STANDARD_ERRORS = [400, 401, 403, 404, 415, 503];

/**
 * docs/decisions/0002-wire-conventions.md: every numeric input accepts a JSON number or a numeric string ("12.50").
 * Numeric inputs are amounts of money, stored as numeric(18,4): less than 10^14 in magnitude, which the schema
 * states (a JSON number such as 1e23 is a 400 naming the member, not a value the database refuses).
 */
export const NumericInput = Type.Union(
  [
    Type.Number({ exclusiveMinimum: -1e14, exclusiveMaximum: 1e14 }),
    Type.String({ pattern: '^\\s*-?\\d{1,14}(\\.\\d+)?\\s*$' }),
  ],
  { description: 'a number, or a numeric string such as "12.50"; less than 10^14 in magnitude' },
);
/** Integer inputs: a safe integer (|n| < 2^53), as a JSON number or as a string of at most 15 digits. */
export const IntegerInput = Type.Union(
  [
    Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    Type.String({ pattern: '^\\s*-?\\d{1,15}\\s*$' }),
  ],
  { description: 'an integer, or an integer as a string' },
);

/** The last Unix second of year 9999: the bound of every time a client sends or asks about. */
export const MAX_UNIX_SECONDS = 253_402_300_799;
/** A page number: its offset, (page - 1) × max_per_page, must stay an integer the database takes. */
export const MAX_PAGE = 2_147_483_647;
export const PageNumber = (opts: { default?: number } = {}) =>
  Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: 'which page to answer, from 1', ...opts });

export const PagingQuery = {
  page: Type.Optional(PageNumber({ default: 1 })),
  max_per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10_000, default: 1000, description: 'how many items a page holds at most' }),
  ),
};

const Link = (description: string) =>
  Type.Object(
    { href: Type.String({ description: 'absolute URL of that page, with the same filters' }) },
    { description },
  );
const MaybeLink = (description: string) => Type.Union([Link(description), Type.Null()], { description });
export const PagingMembers = {
  page: Type.Integer({ description: "this page's number, from 1" }),
  pages: Type.Integer({ description: 'how many pages there are at this max_per_page (at least 1)' }),
  max_per_page: Type.Integer({ description: 'the most items a page holds' }),
  total: Type.Integer({ description: 'how many items match, over all pages' }),
  _links: Type.Object(
    {
      self: Link('this page'),
      next: MaybeLink('the next page; null on the last page'),
      previous: MaybeLink('the previous page; null on the first page'),
      last: Link('the last page'),
    },
    { description: 'links to the neighbouring pages; follow next until it is null' },
  ),
};

/**
 * Paging members and _links for a list answer, with hrefs that keep the caller's other query members.
 * `nextCursor` (transaction lists) is added to the next link only: it lets the next page be found by key.
 */
export function pagingEnvelope(
  baseUrl: string,
  path: string,
  query: Record<string, unknown>,
  page: number,
  maxPerPage: number,
  total: number,
  nextCursor?: string,
) {
  const pages = Math.max(1, Math.ceil(total / maxPerPage));
  const href = (p: number, cursor?: string) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && !PAGING_KEYS.has(k)) qs.set(k, String(v));
    qs.set('page', String(p));
    qs.set('max_per_page', String(maxPerPage));
    if (cursor) qs.set('cursor', cursor);
    return { href: `${baseUrl}${path}?${qs.toString()}` };
  };
  return {
    page,
    pages,
    max_per_page: maxPerPage,
    total,
    _links: {
      self: href(page),
      next: page < pages ? href(page + 1, nextCursor) : null,
      previous: page > 1 ? href(Math.min(page - 1, pages)) : null,
      last: href(pages),
    },
  };
}

const PAGING_KEYS = new Set(['page', 'max_per_page', 'cursor']);

export { described } from '../lib/described.ts';
