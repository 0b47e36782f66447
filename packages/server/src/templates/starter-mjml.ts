/**
 * The production code of Herald's hand-written starter templates (Welcome is a design: starter-designs.ts):
 * native MJML, personalized with Liquid over the recipient
 * (functional §3, PROTOCOL §7). Each keeps the unsubscribe and view-online links a marketing e-mail needs.
 */

const footer = `
    <mj-section background-color="#f4f4f5" padding="24px 16px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#6b7280" line-height="1.6">
          You are receiving this because you joined our list.<br />
          <a href="{{ view_online_url }}" style="color:#6b7280">View online</a> ·
          <a href="{{ unsubscribe_url }}" style="color:#6b7280">Unsubscribe</a>
        </mj-text>
      </mj-column>
    </mj-section>`;

const head = (title: string, preview: string, accent: string) => `
  <mj-head>
    <mj-title>${title}</mj-title>
    <mj-preview>${preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1f2937" />
      <mj-button background-color="${accent}" color="#ffffff" border-radius="20px" height="40px" font-weight="bold" />
    </mj-attributes>
  </mj-head>`;

export const NEWSLETTER_MJML = `<mjml>${head('Monthly newsletter', 'What is new this month, {{ subscriber.firstname | default: "friend" }}', '#1d4ed8')}
  <mj-body background-color="#f4f4f5" width="600px">
    <mj-section background-color="#1d4ed8" padding="28px 24px">
      <mj-column>
        <mj-text align="center" color="#ffffff" font-size="26px" font-weight="bold">The Monthly Edition</mj-text>
        <mj-text align="center" color="#dbeafe" font-size="14px">News, tips and stories from our team</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 24px 8px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">Hi {{ subscriber.firstname | default: "there" }},</mj-text>
        <mj-text>Here is what happened this month, picked for you. Grab a coffee: it is a good one.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column>
        <mj-image src="https://placehold.co/520x240/dbeafe/1d4ed8?text=Feature+story" alt="Feature story" border-radius="8px" />
        <mj-text font-size="20px" font-weight="bold" padding-top="16px">Our feature story</mj-text>
        <mj-text>Behind the scenes of the season's launch: the people, the ideas and what comes next.</mj-text>
        <mj-button href="https://example.com/stories/feature" align="left">Read the story</mj-button>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 24px">
      <mj-column>
        <mj-text font-weight="bold">Tip of the month</mj-text>
        <mj-text>Save your favourites to your account and we will tell you when they are back.</mj-text>
      </mj-column>
      <mj-column>
        <mj-text font-weight="bold">Coming up</mj-text>
        <mj-text>Members' evening on the first Thursday: bring a friend.</mj-text>
      </mj-column>
    </mj-section>${footer}
  </mj-body>
</mjml>
`;

export const PROMOTION_MJML = `<mjml>${head('Limited-time offer', '{{ subscriber.firstname | default: "Hey" }}, 25% off ends Sunday', '#d9480f')}
  <mj-body background-color="#f4f4f5" width="600px">
    <mj-section background-color="#ffffff" padding="20px 24px 0">
      <mj-column>
        <mj-text align="center" font-size="13px" color="#d9480f" font-weight="bold" letter-spacing="2px">THIS WEEKEND ONLY</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column>
        <mj-text align="center" font-size="44px" font-weight="bold" color="#111827" line-height="1.1">25% off</mj-text>
        <mj-text align="center" font-size="17px">{{ subscriber.firstname | default: "Friend" }}, everything in store and online is 25% off until Sunday midnight.</mj-text>
        <mj-button href="https://example.com/sale" font-size="16px" padding="16px 0">Shop the sale</mj-button>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px 24px">
      <mj-column>
        <mj-image src="https://placehold.co/240x180/fff4e6/d9480f?text=Best+seller" alt="Best seller" border-radius="8px" />
        <mj-text align="center" font-weight="bold">Best seller</mj-text>
      </mj-column>
      <mj-column>
        <mj-image src="https://placehold.co/240x180/fff4e6/d9480f?text=New+in" alt="New in" border-radius="8px" />
        <mj-text align="center" font-weight="bold">New in</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#fff4e6" padding="16px 24px">
      <mj-column>
        <mj-text align="center" font-size="14px">Use code <strong>WEEKEND25</strong> at checkout. One use per customer.</mj-text>
      </mj-column>
    </mj-section>${footer}
  </mj-body>
</mjml>
`;
