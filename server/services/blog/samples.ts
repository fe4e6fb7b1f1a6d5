import type { BlogInput } from "./types";

/**
 * The three sample posts 'Add Sample Blogs' creates. Paragraphs follow the
 * post page's rules: a leading double quote makes a quote block, a leading
 * bullet, check or emoji marker makes a list item.
 */
export const SAMPLE_BLOGS: readonly BlogInput[] = [
  {
    slug: "whatsapp-growth-playbook-for-local-businesses",
    title: "The WhatsApp Growth Playbook for Local Businesses",
    excerpt:
      "Your customers already message you on WhatsApp. Here is a practical, step-by-step playbook to answer every enquiry in seconds, follow up without being pushy and turn chats into booked appointments.",
    author: "Wise Parrot Team",
    date: "2024-07-15",
    readTime: "8 min read",
    category: "Growth Strategy",
    featured: true,
    tags: ["WhatsApp", "Lead Generation", "Automation", "Local Business", "Follow-up"],
    sections: [
      {
        title: "Why speed wins the customer",
        content: [
          "When someone messages a local business, they are usually messaging two or three others at the same time. The first business to give a clear, friendly answer is very often the one that gets the visit, the booking or the sale. Being the best option matters less than you think if you are the last to reply.",
          "Most owners know this, yet enquiries still wait for hours. Messages arrive while you are with a customer, on a site visit, or asleep. By the time you answer, the customer has moved on, and you never even find out that you lost them.",
          "\"We were answering within a day and thought that was good. When we started replying within a minute, our bookings from the same number of enquiries went up by a third.\" - a clinic owner in Pune",
        ],
      },
      {
        title: "Step 1: answer every message within a minute",
        content: [
          "The first reply does not need to close the sale. It needs to show the customer that a real business is listening and that their question will be handled. A good first reply greets them by name, answers the obvious question and offers one next step.",
          "• Greet the customer and thank them for reaching out",
          "• Answer the question they asked, with a price range or timing if you can",
          "• Offer one clear next step: a call, a visit or a booking link",
          "An AI assistant trained on your own services, prices and opening hours can send this reply instantly, at any hour, in the customer's language. Your team then picks up the conversations that need a human.",
        ],
      },
      {
        title: "Step 2: qualify without interrogating",
        content: [
          "Not every enquiry is ready to buy today. Instead of a long form, ask two or three natural questions inside the conversation: what they are looking for, when they need it and roughly what they want to spend. People answer questions in a chat far more readily than they fill in forms.",
          "Label each lead as it comes in, for example hot, warm or cold, and by what they asked about. Labels turn a messy chat list into a pipeline you can act on, and they tell the assistant which follow-up to send.",
        ],
      },
      {
        title: "Step 3: follow up like a helpful friend",
        content: [
          "Most sales happen after the third or fourth touch, yet most businesses stop after the first. A short, useful sequence keeps you in the customer's mind without annoying them.",
          "✓ Day 1: a thank-you and a summary of what you discussed",
          "✓ Day 3: something useful, such as a photo, a testimonial or an answer to a common worry",
          "✓ Day 7: a gentle check-in with an easy way to book",
          "Always make it easy to say no. A customer who asks you to stop should never hear from you again; respecting that protects your reputation and your WhatsApp number.",
        ],
      },
      {
        title: "Measure what matters",
        content: [
          "Track three numbers every week: how fast you reply, how many conversations turn into a booked next step, and how many booked steps turn into paying customers. If the first number is slow, fix speed. If the second is low, improve your first reply and your questions. If the third is low, look at your offer and your follow-up.",
          "Start small. Automate the first reply this week, add labels next week and a follow-up sequence the week after. Within a month you will know exactly where your customers come from and why they choose you.",
        ],
      },
    ],
  },
  {
    slug: "real-estate-agency-doubles-site-visits-with-ai-assistant",
    title: "Case Study: How a Real Estate Agency Doubled Its Site Visits in 60 Days",
    excerpt:
      "A five-person agency was drowning in portal leads it could not answer in time. Here is how an always-on WhatsApp assistant qualified buyers, booked site visits and gave the team its evenings back.",
    author: "Wise Parrot Team",
    date: "2024-07-22",
    readTime: "7 min read",
    category: "Case Study",
    featured: true,
    tags: ["Real Estate", "Case Study", "Site Visits", "Lead Qualification"],
    sections: [
      {
        title: "The challenge: more leads than hours",
        content: [
          "The agency sells and rents apartments in a fast-growing suburb. Its listings on property portals and social media brought in around 400 enquiries a month, most of them on WhatsApp and many of them late in the evening, when buyers browse after work.",
          "With five people in the team and most of the day spent on site visits, replies often went out the next morning. By then, many buyers had already spoken to another agent about a similar flat. The team was busy all day and still felt it was losing deals.",
          "\"We were paying for leads and then letting them go cold. That hurt more than the money.\" - the agency's founder",
        ],
      },
      {
        title: "What they set up",
        content: [
          "The agency set up a WhatsApp assistant trained on its current listings: locations, configurations, price ranges, possession dates and the documents a buyer needs. It answered every enquiry within seconds and asked three qualifying questions.",
          "• Which area and which configuration are you looking for?",
          "• Is this for living in or for investment, and by when?",
          "• What budget range should we keep in mind?",
          "Buyers who matched a listing were offered site visit slots straight from the agents' calendars. Everyone else received a short follow-up sequence with new listings that matched what they had asked for.",
        ],
      },
      {
        title: "The results after 60 days",
        content: [
          "The median first response time fell from about nine hours to under a minute. Because every enquiry was answered and qualified, the agents spent their time with buyers who were genuinely interested.",
          "✓ Site visits booked per month went from 38 to 81",
          "✓ About 40% of visits were booked outside office hours",
          "✓ Agents stopped answering repetitive questions late at night",
          "Just as important, the team now knows which portal and which listing brought each buyer, so next quarter's advertising budget goes where it works.",
        ],
      },
      {
        title: "Lessons for other agencies",
        content: [
          "Keep the assistant's knowledge current. The biggest early complaint was a buyer asking about a flat that had already been sold; a weekly listing update fixed it. Hand over to a human as soon as a buyer asks to negotiate, and make sure the agent can see the whole conversation first.",
          "Finally, do not try to automate everything on day one. The agency started with first replies and visit booking, and only added follow-up sequences once the team trusted the assistant's answers.",
        ],
      },
    ],
  },
  {
    slug: "patient-communication-for-clinics-on-whatsapp",
    title: "Better Patient Communication for Clinics: Appointments, Reminders and Care on WhatsApp",
    excerpt:
      "Patients want quick answers, easy booking and timely reminders. Here is how clinics and doctors can use a WhatsApp assistant to reduce no-shows and phone load while keeping communication warm and private.",
    author: "Wise Parrot Team",
    date: "2024-07-29",
    readTime: "6 min read",
    category: "Healthcare",
    featured: false,
    tags: ["Healthcare", "Clinics", "Appointments", "Patient Experience", "Reminders"],
    sections: [
      {
        title: "The front desk is overloaded",
        content: [
          "In a busy clinic, the phone rarely stops: questions about timings, fees, which doctor is available, directions and reports. Every call that goes unanswered is a patient who may book elsewhere, and every call that is answered pulls the receptionist away from the patient standing in front of them.",
          "Most of these questions have the same answers every day. Patients are happy to ask them on WhatsApp, where they can get a reply without waiting on hold.",
        ],
      },
      {
        title: "What an assistant can handle",
        content: [
          "A clinic assistant answers from the clinic's own information and hands over to staff for anything clinical. It never diagnoses; it helps patients reach the right person at the right time.",
          "📅 Booking, rescheduling and cancelling appointments",
          "⏰ Reminders the day before and two hours before a visit",
          "📍 Timings, fees, directions and what to bring",
          "💬 Routing medical questions to the doctor's team during working hours",
          "\"Our no-shows fell noticeably once every patient got a reminder they could answer with one tap to reschedule.\" - a dental clinic in Mumbai",
        ],
      },
      {
        title: "Keeping it warm and private",
        content: [
          "Healthcare is personal. Write the assistant's replies in the same warm tone your best receptionist uses, and make it clear that a person is available whenever the patient wants one. Ask only for what you need to book a visit, and never ask for detailed symptoms or reports in the chat.",
          "Agree with your team which topics always go to a human: emergencies, test results, medication questions and complaints. For an emergency, the assistant should immediately share the clinic's emergency number and the nearest hospital.",
        ],
      },
      {
        title: "Getting started in a week",
        content: [
          "Start with the questions your front desk hears most often and write clear answers for each. Add your doctors' schedules and your booking rules, then switch on reminders. Review the conversations at the end of each day for the first two weeks and refine the answers.",
          "Most clinics see the benefit within the first month: fewer calls, fewer missed appointments and patients who feel looked after from the first message.",
        ],
      },
    ],
  },
];
