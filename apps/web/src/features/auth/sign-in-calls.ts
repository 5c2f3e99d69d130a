/**
 * The calls the sign-in page makes, in a chunk of their own: they read their answers with the contract's
 * schemas (zod, a quarter of the page's JavaScript), which the page does not need to show itself. LoginPage
 * loads this chunk as soon as the owner starts on the form (docs/architecture.md).
 */
export { signIn } from '../../api/auth';
export { errorText } from '../../api/error-text';
export { getUserDetails } from '../../api/user';
