import { apiRequest } from './client';

/**
 * User details as the screens use them; the server's field names vary (docs/product.md, "What the app keeps" lists both
 * spellings).
 */
export interface UserDetails {
  fullName: string;
  email: string;
  salonName: string;
  profilePhoto: string | null;
  businessAddress: string;
  postcode: string;
  state: string;
  country: string;
}

interface RawUserDetails {
  full_name?: string | null;
  fullName?: string | null;
  email?: string | null;
  salon_name?: string | null;
  salonName?: string | null;
  profile_photo?: string | null;
  profilePhoto?: string | null;
  business_address?: string | null;
  postcode?: string | null;
  state?: string | null;
  country?: string | null;
}

export async function getUserDetails(id: string): Promise<UserDetails> {
  const raw = await apiRequest<RawUserDetails>(`/api/database/get-user-details/${encodeURIComponent(id)}`);
  return {
    fullName: raw.full_name ?? raw.fullName ?? '',
    email: raw.email ?? '',
    salonName: raw.salon_name ?? raw.salonName ?? '',
    profilePhoto: raw.profile_photo || raw.profilePhoto || null,
    businessAddress: raw.business_address ?? '',
    postcode: raw.postcode ?? '',
    state: raw.state ?? '',
    country: raw.country ?? '',
  };
}

export interface BusinessInformation {
  id: string;
  full_name: string;
  email: string;
  salon_name: string;
  business_address: string;
  postcode: string;
  state: string;
  country: string;
}

export function recordBusinessInformation(details: BusinessInformation): Promise<unknown> {
  return apiRequest('/api/record_business_information', { body: details });
}
