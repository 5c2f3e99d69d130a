import type { Session, UserDetails } from '@brade/contract';

/** What the server answers for a signed-in owner, in the contract's shape. */
export const SESSION: Session = { id: 'u-1', access_token: 'acc', refresh_token: 'ref', expires_in: 900 };

export const USER_DETAILS: UserDetails = {
  full_name: 'Amelia Hart',
  email: 'amelia@example.com',
  profile_photo: null,
  salon_name: 'Hart & Co Hair',
  business_address: '14 Market Street, Harrogate',
  postcode: 'HG1 1BT',
  state: 'England',
  country: 'United Kingdom',
  legal_form: null,
};
