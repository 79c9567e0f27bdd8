import { Type } from 'typebox';
import { PagingMembers, PagingQuery } from '../../http/wire.ts';

export const CustomerIdParams = Type.Object({
  customer_id: Type.String({
    description: "the customer's id (from POST /public/v3/customers)",
    minLength: 1,
    maxLength: 100,
  }),
});

export const CreateCustomerBody = Type.Object(
  {
    user_reference: Type.String({
      minLength: 1,
      maxLength: 255,
      description: "the client's own unique reference for the customer",
    }),
  },
  { additionalProperties: false },
);

export const Customer = Type.Object({
  id: Type.String({ description: "the customer's id: use it in every customer path" }),
  user_reference: Type.String({ description: 'your own unique reference for the customer' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
});

export const CustomerList = Type.Object({
  data: Type.Array(Customer, { description: "the client's customers on this page, oldest first" }),
  ...PagingMembers,
});

export const ListCustomersQuery = Type.Object(
  {
    user_reference: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'only the customer with this reference of yours' }),
    ),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const CustomerToken = Type.Object({
  token: Type.String({ description: 'use as "Authorization: AppUserToken <token>"' }),
  expires_in: Type.Integer({ description: 'seconds' }),
});
