import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { SsoIssuerType } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { emptyIssuerForm, issuerParams } from './accessForms.ts';
import type { IssuerForm } from './accessForms.ts';
import { AdminError } from './AdminError.tsx';

// The contract's SSO_ISSUER_TYPES lives beside its zod schemas; naming the one type here keeps zod out of
// the page's code.
const ISSUER_TYPES: readonly SsoIssuerType[] = ['oidc'];
import { useAdminParams, useOrganizationIssuers, useRefetchAdmin } from './useAdminCommand.ts';

/** Settings › Access: the organization's identity providers (single sign-on issuers) and adding one. */
export default function AccessPage() {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const issuers = useOrganizationIssuers();
  const refetch = useRefetchAdmin();
  const [form, setForm] = useState<IssuerForm>(emptyIssuerForm);
  const add = useCommandMutation(sessionChannel, 'addOrganizationIssuer', {
    onSuccess: () => {
      setForm(emptyIssuerForm);
      showToast(t('settings.access.added'));
      void refetch('getOrganizationIssuers', 'getOrganizationAccess');
    },
  });
  const text = (name: keyof IssuerForm) => ({
    value: String(form[name]),
    onChange: (event: { currentTarget: { value: string } }) =>
      setForm({ ...form, [name]: event.currentTarget.value }),
  });
  const flag = (name: keyof IssuerForm) => ({
    checked: Boolean(form[name]),
    onChange: (event: { currentTarget: { checked: boolean } }) =>
      setForm({ ...form, [name]: event.currentTarget.checked }),
  });
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (params) add.mutate({ ...params, ...issuerParams(form) });
  };
  const issuerPath = (id: number) => `/${params?.organizationId ?? ''}/settings/issuer/${id}`;

  return (
    <Stack>
      <Title order={1}>{t('settings.access.title')}</Title>
      <Text c="dimmed">{t('settings.access.intro')}</Text>
      <AdminError error={issuers.error} />
      {issuers.isPending && !issuers.isError && <PageLoader />}
      {issuers.data && issuers.data.issuers.length === 0 && (
        <Text data-testid="issuers-empty">{t('settings.access.none')}</Text>
      )}
      {issuers.data && issuers.data.issuers.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="issuers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.access.description')}</Table.Th>
                <Table.Th>{t('settings.access.issuerUri')}</Table.Th>
                <Table.Th>{t('settings.access.exclusiveDomains')}</Table.Th>
                <Table.Th>{t('settings.access.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {issuers.data.issuers.map((issuer) => (
                <Table.Tr key={issuer.id} data-testid="issuer-row" data-issuer-id={issuer.id}>
                  <Table.Td>
                    <Anchor component={Link} to={issuerPath(issuer.id)}>
                      {issuer.description || issuer.issuerUri}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{issuer.issuerUri}</Table.Td>
                  <Table.Td>{issuer.exclusive ? issuer.exclusiveDomains.join(', ') : '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={issuer.disabled ? 'gray' : 'teal'} variant="light" tt="none">
                      {issuer.disabled ? t('settings.access.disabled') : t('settings.access.active')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper
        component="form"
        onSubmit={onAdd}
        withBorder
        p="md"
        aria-labelledby="add-issuer-title"
        data-testid="add-issuer-form"
      >
        <Stack>
          <Title order={2} size="h3" id="add-issuer-title">
            {t('settings.access.addTitle')}
          </Title>
          <AdminError error={add.error} testId="add-issuer-error" />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <NativeSelect
              label={t('settings.access.issuerType')}
              data={ISSUER_TYPES.map((type) => ({ value: type, label: t(`issuerTypes.${type}`) }))}
              {...text('issuerType')}
            />
            <TextInput label={t('settings.access.description')} {...text('description')} />
            <TextInput
              label={t('settings.access.issuerUri')}
              description={t('settings.access.issuerUriHint')}
              type="url"
              required
              withAsterisk={false}
              {...text('issuerUri')}
            />
            <TextInput
              label={t('settings.access.clientId')}
              required
              withAsterisk={false}
              {...text('issuerClientId')}
            />
            <PasswordInput
              label={t('settings.access.clientSecret')}
              required
              withAsterisk={false}
              autoComplete="off"
              visibilityToggleButtonProps={{ 'aria-label': t('login.showCharacters') }}
              {...text('issuerCredential')}
            />
            <TextInput
              label={t('settings.access.rolesClaim')}
              description={t('settings.access.rolesClaimHint')}
              {...text('customRolesClaimName')}
            />
            <TextInput
              label={t('settings.access.rolesRegex')}
              description={t('settings.access.rolesRegexHint')}
              {...text('customRolesRegex')}
            />
            <TextInput
              label={t('settings.access.partitionsClaim')}
              description={t('settings.access.partitionsClaimHint')}
              {...text('customPartitionsetsTransform')}
            />
          </SimpleGrid>
          <Checkbox
            label={t('settings.access.manageRoles')}
            description={t('settings.access.manageRolesHint')}
            {...flag('manageRoles')}
          />
          <Checkbox
            label={t('settings.access.exclusive')}
            description={t('settings.access.exclusiveHint')}
            {...flag('exclusive')}
          />
          {form.exclusive && (
            <Textarea
              label={t('settings.access.exclusiveDomains')}
              description={t('settings.access.exclusiveDomainsHint')}
              autosize
              minRows={2}
              required
              withAsterisk={false}
              {...text('exclusiveDomains')}
            />
          )}
          <Checkbox
            label={t('settings.access.grantConsent')}
            description={t('settings.access.grantConsentHint')}
            {...flag('grantConsent')}
          />
          <Checkbox label={t('settings.access.addDisabled')} {...flag('disabled')} />
          <Group>
            <Button type="submit" loading={add.isPending}>
              {t('settings.access.add')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
