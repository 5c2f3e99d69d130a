import { z } from 'zod';
import {
  BusinessInformationRequestSchema,
  IdParamsSchema,
  MessageResponseSchema,
  UserDetailsSchema,
} from '../auth/schemas.js';
import { lazy } from '../lazy.js';
import {
  ProfilePhotoResponseSchema,
  UpdateBusinessInfoRequestSchema,
  UpdateEmailRequestSchema,
  UpdatePersonalInfoRequestSchema,
  UpdateProfilePasswordRequestSchema,
} from '../profile/schemas.js';
import { endpoints, lenient } from './endpoint.js';
import { LenientUserDetailsSchema } from './lenient-readings.js';

/** Onboarding's business information, the owner's details, the Profile screen's saves, the photo, the e-mail link. */
export const ACCOUNT_ENDPOINTS = endpoints('accounts', {
  recordBusinessInformation: {
    summary: "Saves onboarding's business information",
    errors: [403],
    method: 'POST',
    path: '/api/record_business_information',
    auth: 'session',
    body: BusinessInformationRequestSchema,
    answer: MessageResponseSchema,
  },
  getUserDetails: {
    summary: "The owner's name, e-mail, photo and business details",
    method: 'GET',
    path: '/api/database/get-user-details/:id',
    auth: 'session',
    params: IdParamsSchema,
    ...lenient(UserDetailsSchema, { read: LenientUserDetailsSchema }),
  },
  updatePersonalInfo: {
    summary: "Saves the owner's name",
    errors: [403],
    method: 'POST',
    path: '/api/database/update-personal-info',
    auth: 'session',
    body: UpdatePersonalInfoRequestSchema,
    answer: MessageResponseSchema,
  },
  updateEmail: {
    summary: 'Asks to change the e-mail address: a confirmation link goes to the new one',
    errors: [403, 429],
    method: 'POST',
    path: '/api/database/update-email',
    auth: 'session',
    body: UpdateEmailRequestSchema,
    answer: MessageResponseSchema,
  },
  updateBusinessInfo: {
    summary: 'Saves the business details of the profile',
    errors: [403],
    method: 'POST',
    path: '/api/database/update-business-info',
    auth: 'session',
    body: UpdateBusinessInfoRequestSchema,
    answer: MessageResponseSchema,
  },
  updatePassword: {
    summary: 'Changes the password with the current one and ends every other session',
    errors: [403, 429],
    method: 'POST',
    path: '/api/database/update-password',
    auth: 'session',
    body: UpdateProfilePasswordRequestSchema,
    answer: MessageResponseSchema,
  },
  /** Beyond the spec: the photo's raw bytes; the server decides the type from the content. */
  uploadProfilePhoto: {
    summary: 'Replaces the profile photo with the image sent as the raw body',
    errors: [403, 429],
    method: 'POST',
    path: '/api/database/upload-profile-photo/:id',
    auth: 'session',
    params: IdParamsSchema,
    body: 'bytes',
    answer: ProfilePhotoResponseSchema,
  },
  /** The re-encoded photo, at the address `profile_photo` names. */
  profilePhoto: {
    summary: 'A profile photo by its random file name, as WebP',
    errors: [404],
    method: 'GET',
    path: '/api/profile-photos/:file',
    auth: 'none',
    params: lazy(() => z.object({ file: z.string().max(64) })),
    answer: 'file',
  },
  /** The link in the e-mail-change confirmation: the single-use token is the proof, no session needed. */
  confirmEmailChange: {
    summary: 'The e-mailed link that confirms a change of address, then redirects to the profile',
    method: 'GET',
    path: '/api/auth/confirm-email-change',
    auth: 'none',
    query: lazy(() => z.object({ token: z.string().max(200).default('') })),
    answer: 'redirect',
  },
});
