"""What the room hears: the tournament's announcements so far (a read action)."""

from __future__ import annotations

from typing import Literal

from tdconsole.actions.base import Request, action
from tdconsole.i18n import language
from tdconsole.service import Service
from tdconsole.views.announcements import Announcement
from tdconsole.views.announcements import announcements as announced


class AnnouncementsRequest(Request):
    # The language the room hears (the TV's, the display's); None: this terminal's.
    lang: Literal["da", "en"] | None = None


@action("announcements", web=False, tui=False)
def announcements(service: Service, request: AnnouncementsRequest) -> list[Announcement]:
    """The spoken texts of the tournament's announceable moments so far, oldest first."""
    return announced(service.log, service.now(), request.lang or language())
