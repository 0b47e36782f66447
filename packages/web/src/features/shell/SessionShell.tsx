import { ShellLayout } from './ShellLayout.tsx';

/** The shell of the screens outside any organization (choosing one, the account). */
export default function SessionShell() {
  return <ShellLayout organization={null} />;
}
