import { Alert } from '@mantine/core';

/** `activity/editor/{id}`: the native editor. Being built (issue 14); this placeholder only holds the route. */
export default function ActivityEditorPage() {
  return <Alert data-testid="activity-editor">Editor</Alert>;
}
