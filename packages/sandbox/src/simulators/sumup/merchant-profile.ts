import { salonProfile } from '../../salon-data/salon-profile';
import { stableFraction } from '../common/stable-identifiers';

export interface SumupMerchant {
  merchantCode: string;
  name: string;
  email: string;
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The seed's salon as a SumUp merchant: an 8-character merchant code like SumUp's (e.g. "MH4H92C7"). */
export function sumupMerchant(seed: string, scale = 1): SumupMerchant {
  let code = 'M';
  for (let i = 0; i < 7; i++) code += CODE_CHARS[Math.floor(stableFraction(seed, 'sumup-merchant', String(i)) * 32)];
  const name = salonProfile(seed, scale).name;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return { merchantCode: code, name, email: `owner@${slug || 'salon'}.co.uk` };
}
