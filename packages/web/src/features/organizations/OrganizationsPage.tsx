import { Anchor, Card, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';
import { RoleBadges } from './RoleBadges.tsx';

/** Choose organization: every organization the user belongs to, with their roles there. */
export default function OrganizationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const profile = useUserProfile();
  if (profile.isPending) return <PageLoader />;
  return (
    <Container size="lg">
      <Title order={1} mb="lg">
        {t('organizations.title')}
      </Title>
      {profile.isError && (
        <Text role="alert" c="red">
          {errorText(profile.error.type, profile.error.message)}
        </Text>
      )}
      {profile.data?.organizations.length === 0 && <Text>{t('organizations.none')}</Text>}
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: 'none' }}>
        {profile.data?.organizations.map((organization) => (
          <Card
            component="li"
            key={organization.organization_id}
            withBorder
            padding="lg"
            data-testid="organization-card"
          >
            <Anchor component={Link} to={`/${organization.organization_id}/dashboard`} fw={600} size="lg">
              {organization.organization}
            </Anchor>
            <Group gap={4} mt="sm">
              <RoleBadges roles={organization.roles} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
