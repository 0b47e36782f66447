import type { ImportCustomField, ImportableProfileField } from './import-columns.ts';

/**
 * Header spellings of each importable profile field, compared after lower-casing and dropping everything
 * but letters and digits ("E-mail" → "email", "First name" → "firstname", "Date of birth" → "dateofbirth").
 */
const ALIASES: Readonly<Record<ImportableProfileField, readonly string[]>> = {
  email: ['email', 'emailaddress', 'mail', 'emailid'],
  ref: ['ref', 'externalid', 'externalref', 'reference', 'customerid', 'customernumber', 'memberid'],
  title: ['title', 'salutation', 'honorific'],
  firstname: ['firstname', 'first', 'givenname', 'forename', 'fname', 'prenom'],
  lastname: ['lastname', 'last', 'surname', 'familyname', 'lname', 'nom'],
  gender: ['gender', 'sex'],
  dob: ['dob', 'dateofbirth', 'birthdate', 'birthday', 'born'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell', 'cellphone'],
  address: ['address', 'address1', 'addressline1', 'street', 'streetaddress'],
  address2: ['address2', 'addressline2'],
  address3: ['address3', 'addressline3'],
  suburb: ['suburb', 'city', 'town', 'locality'],
  state: ['state', 'region', 'province', 'county'],
  postcode: ['postcode', 'postalcode', 'zip', 'zipcode', 'postcodezip'],
  country: ['country', 'countrycode', 'nation'],
  notifications: ['notifications'],
  resume_date: ['resumedate'],
  extra: ['extra', 'extradata', 'additionaldata'],
};

const BY_ALIAS = new Map<string, ImportableProfileField>(
  Object.entries(ALIASES).flatMap(([field, aliases]) =>
    aliases.map((alias) => [alias, field as ImportableProfileField] as const),
  ),
);

function normalized(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A suggested target for each header column (the import wizard's first guess): a profile field whose
 * spelling matches, or `custom.<field>` for a subscriber custom field of that name (a header may also say
 * "custom.<field>" itself). A target is suggested once, for its first matching column; others get null.
 */
export function suggestFields(
  header: readonly string[],
  customFields: ReadonlyMap<string, ImportCustomField>,
): (string | null)[] {
  const customByName = new Map(
    [...customFields.values()].map((field) => [normalized(field.field), field.field]),
  );
  const taken = new Set<string>();
  return header.map((name) => {
    const key = normalized(name.replace(/^\s*custom\./i, ''));
    const explicitCustom = /^\s*custom\./i.test(name);
    const profile = explicitCustom ? undefined : BY_ALIAS.get(key);
    const custom = customByName.get(key);
    const suggestion = profile ?? (custom === undefined ? null : `custom.${custom}`);
    if (suggestion === null || taken.has(suggestion)) return null;
    taken.add(suggestion);
    return suggestion;
  });
}
