import { DomainPage } from './DomainPage.tsx';

/** Settings › Domains › one sending domain (`settings/sendingdomains/{domain}`): records, Check now, DKIM keys. */
export default function SendingDomainPage() {
  return <DomainPage kind="sending" />;
}
