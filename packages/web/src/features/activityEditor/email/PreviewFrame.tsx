import { Box, Text } from '@mantine/core';

/**
 * One rendered e-mail in an iframe with an empty `sandbox`: no script runs, no form submits, no popup opens,
 * and the content has an opaque origin, so nothing an author or a recipient's field wrote can reach the app.
 */
export function PreviewFrame({
  html,
  width,
  title,
  label,
}: {
  html: string;
  width: number;
  title: string;
  label: string;
}) {
  return (
    <Box>
      <Text size="xs" c="dimmed" mb={2}>
        {label}
      </Text>
      <iframe
        // A new frame for each rendering: changing a frame's srcdoc adds a step to the browser's history, which
        // Back would then walk through (rendering after rendering) instead of leaving the editor.
        key={html}
        sandbox=""
        title={title}
        srcDoc={html}
        width={width}
        height={560}
        referrerPolicy="no-referrer"
        style={{ border: '1px solid var(--mantine-color-gray-4)', background: '#fff', display: 'block' }}
      />
    </Box>
  );
}
