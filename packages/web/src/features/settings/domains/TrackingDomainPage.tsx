import { DomainPage } from './DomainPage.tsx';

/** Settings › Domains › one tracking domain (`settings/trackingdomains/{domain}`): its CNAME and Check now. */
export default function TrackingDomainPage() {
  return <DomainPage kind="tracking" />;
}
