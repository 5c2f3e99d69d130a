import { FullPageLoader } from '../../ui/FullPageLoader';
import { TIMINGS } from '../../ui/timings';
import { useElapsed } from '../../ui/use-elapsed';
import { SignupForm } from './SignupForm';

/** Sign Up opens on the logo splash for the spec's 2 seconds, then shows the form. */
export default function SignupPage() {
  const splashOver = useElapsed(TIMINGS.splashMs);
  return splashOver ? <SignupForm /> : <FullPageLoader label="Welcome to Brade" />;
}
