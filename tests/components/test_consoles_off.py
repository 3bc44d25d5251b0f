"""Scrapy's local code-running consoles are off under the project's settings."""

from __future__ import annotations

import pytest
from scrapy.exceptions import NotConfigured
from scrapy.extensions.remote_control import RemoteControl
from scrapy.extensions.telnet import TelnetConsole
from scrapy.settings import default_settings
from scrapy.utils.test import get_crawler

from topiccrawl import settings as project_settings

SWITCHES = ("TELNETCONSOLE_ENABLED", "REMOTE_CONTROL_ENABLED")


@pytest.mark.parametrize("extension", [TelnetConsole, RemoteControl])
def test_a_console_that_runs_code_is_not_configured_by_default(extension: type) -> None:
    # Scrapy's defaults (both on), then the project's; get_crawler's own test values are overridden
    values = {name: getattr(project_settings, name, getattr(default_settings, name)) for name in SWITCHES}
    assert default_settings.TELNETCONSOLE_ENABLED and default_settings.REMOTE_CONTROL_ENABLED
    crawler = get_crawler(settings_dict=values)
    with pytest.raises(NotConfigured):
        extension.from_crawler(crawler)
