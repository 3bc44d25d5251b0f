"""Flarum fixture forum ("Quillnote Community", Flarum 1.8 with the tags, sticky, mentions, nicknames and
subscriptions extensions), as a client without JavaScript gets it: UTF-8, every URL in the HTML absolute
(``http://HOST:PORT/…``, built from the request's base URL; the home link is the bare base URL).

Every HTML page is Flarum's whole document: ``<head>`` with the title (``Title - Quillnote Community``, from page
2 ``Title: Page N - Quillnote Community``; the home page just the forum name, ``Page N - …`` after page 1),
``/assets/forum.css?v=…``, ``link[rel=prev|next]`` (index and discussion pages), ``link[rel=canonical]`` (not
on tag pages), preloads of ``forum.js``, ``forum-en.js`` and fonts, ``meta[name=description]``; then in
``<body>`` the admin's
custom header ``div.QnBar`` (off-site links and the only plain link to ``/tags``), ``div#app.App`` with
``header#header`` (``a#home-link`` to the base URL, empty ``#header-primary``/``#header-secondary``: the log in
and sign up buttons are drawn by JavaScript), ``main.App-content`` holding ``div#content`` (empty),
``div#flarum-loading`` ('Loading...'), a ``<noscript>`` alert 'This site is best viewed in a modern browser with
JavaScript enabled.', ``div#flarum-loading-error`` and ``<noscript id="flarum-content">`` with the content view
below; then ``#modal``, ``#alerts``, the bootstrap scripts (``forum.js``, ``forum-en.js``), the preload
``<script id="flarum-json-payload" type="application/json">`` and the inline script calling
``flarum.core.app.load(data)``. The payload is PHP's ``json_encode`` with Blade's ``@json`` flags (``\\/`` for
``/``, ``\\u003C`` for ``<``, ``\\u0022`` for quotes in strings, non-ASCII as ``\\uXXXX``): ``resources`` (the
forum with ``baseUrl``, ``apiUrl``, ``headerHtml``…, the groups, the six tags), ``session`` (user 0, a
``csrfToken``), ``locales`` and the ``apiDocument`` of the page (JSON:API resources with ids, attributes and
relationships: discussions with ``slug`` ``123-some-title``, ``commentCount``, and on a discussion page the ids
of all its posts; posts with ``number`` and the rendered ``contentHtml``; users with ``username``, ``slug`` and
``displayName``; ``links`` to ``/api/discussions?page%5Boffset%5D=20``). So the posts of a page are in the HTML
twice, once as markup and once as JSON text.

Content views (the bare Blade views of Flarum 1.x, kept as they are):

- index ``/`` (also ``/all``, ``/?page=N``, ``/all?page=N``): ``<h2>All Discussions</h2>``, ``<ul>`` of ``<li><a
  href="BASE/d/ID-SLUG">Title</a></li>``, 20 a page, sticky discussions first, then by last post, newest first;
  then ``<a href="BASE/all?page=N-1">« Previous Page</a>`` (``?page=1`` included) and ``<a
  href="BASE/all?page=N+1">Next Page »</a>`` (Flarum's ``index`` route is ``/all``). ``link[rel=canonical]`` is
  ``BASE`` or ``BASE?page=N``.
- tag ``/t/SLUG`` and ``/t/SLUG?page=N``: ``<h2>`` the tag name, ``<p>`` its description, then the same list
  (the discussions having that tag, sticky first) and pager links ``BASE/t/SLUG?page=N±1``.
- tags ``/tags``: ``<h2>Tags</h2>`` and ``<ul>`` of ``<li><a href="BASE/t/SLUG">Name</a></li>`` (and an empty
  ``<ul>`` of secondary tags).
- discussion ``/d/ID-SLUG`` and ``/d/ID-SLUG?page=N``: ``<h2>Title</h2><div>`` then per post ``<div><h3>Display
  Name</h3><div class="Post-body">HTML</div></div><hr>``, 20 a page, then the pager links (to ``BASE/d/ID-SLUG``
  for page 1, ``?page=N`` else, other query parameters of the request kept). Names are not links and no times
  are shown. Flarum's quirk is kept: "Next Page" shows while ``page < 1 + commentCount // 20``, so a discussion
  of exactly 20·k posts links an empty page k+1.
- user ``/u/USERNAME`` (also ``/u/USERNAME/discussions`` and the like): ``<h2>Display Name</h2>`` then the
  user's 20 latest posts in the discussion markup (``h3`` + ``div.Post-body``), linking nowhere.

Post bodies are Markdown rendered by TextFormatter: ``<p>`` (lines split by ``<br>``), ``<strong>``, ``<em>``,
inline ``<code>``, ``<pre><code class="language-…">`` blocks, ``<ul>``/``<ol>`` lists, ``<h3>`` headings (a
heading inside a post looks like a poster name), ``<hr>``, quotes ``<blockquote><p><a
href="BASE/d/ID/NUMBER" class="PostMention" data-id="POSTID">Name</a> quoted words</p></blockquote>``, reply
mentions (the same PostMention link, inline at the start of a paragraph), user mentions ``<a
href="BASE/u/USERNAME" class="UserMention">@Display Name</a>``, off-site links (``rel="ugc nofollow"``),
images, twemoji ``img.emoji`` and now and then a link to another discussion ``BASE/d/ID-SLUG``.

URLs: slugs are Flarum's ``Str::slug`` of the title (ASCII letters and digits, the rest dashes): a Chinese title
has an empty slug and the discussion lives at ``/d/ID``. Aliases (their page's kind and canonical target):
``/all``, ``?page=1``, ``?page=0`` or any non-number (page 1), other query parameters; ``/d/ID``, ``/d/ID-anything``
and ``/d/ID-SLUG/`` (served as is, status 200, as Flarum finds a discussion by the number before the dash; its
``link[rel=canonical]`` names the right slug); ``/d/ID/NUMBER`` and ``/d/ID-SLUG/NUMBER`` (near a post: the
page holding post NUMBER, or the last page past the end). Noise (kind ``noise``, no canonical): sorted views
``?sort=latest|top|newest|oldest`` of the index and of tags (``latest`` without sticky pinning) and searches
``?q=…``; pages past the last of the index, a tag or a discussion (200, an empty list with a Previous link);
``/following`` (the index view); ``/u/…``; ``/settings`` and ``/notifications`` (401, Flarum's error page);
``/login`` and ``/register`` (POST-only: 405); ``/api``, ``/api/discussions[?…]``, ``/api/discussions/ID``,
``/api/posts/ID``, ``/api/users/ID|USERNAME``, ``/api/tags[/SLUG]`` (JSON:API, ``application/vnd.api+json``).
Unknown discussion ids, tag slugs, usernames and paths: 404 with Flarum's error page (JSON under ``/api``), kind
``other``; so are ``/robots.txt`` (200, disallows ``/api/``, ``/settings``, ``/notifications``) and the assets.

At ``size`` 1: six tags (Announcements, General, Support, Development (slug ``dev``), Feedback, Off-topic), about
180 discussions (3 sticky), about 2,500 posts by 44 users (English and Chinese display names, some with spaces,
different from their ASCII usernames); each discussion has a primary tag, about one in eight a second one;
discussions of 1 to 8 pages (one of 8 pages, one of 5 and one of exactly 40 posts forced), some of a single post.
At 0.3 about a third of the discussions (every tag at least 3), one of 4 pages and one of 40 posts forced.
Discussion ids and post ids (global, as Flarum numbers posts) grow with time with gaps; post numbers within a
discussion have an occasional gap (a deleted post). Templates are in :mod:`topiccrawl.demo.forum_flarum_pages`.

Truth: index targets ``/``, ``/?page=N``, ``/tags``, ``/t/SLUG`` and ``/t/SLUG?page=N``; thread targets every
page of every discussion (``/d/ID-SLUG`` or ``/d/ID``, ``?page=N``). ``thread_id`` the discussion id,
``thread_title`` the ``h2``, ``board`` the primary tag's name, ``post_id`` the post id of the payload, ``author``
the ``h3``, ``time`` empty (not shown), ``text`` the text of the ``div.Post-body`` without its ``blockquote``\\ s:
text inside a block joined as written, blocks (paragraphs, list items, code blocks, headings, line breaks)
separated by a space, images carrying no text, whitespace-normalised
(:func:`~topiccrawl.textutil.normalize_space`). Posts are listed discussion by discussion in index order.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlencode, urlsplit

from topiccrawl.demo.forum_flarum_pages import (
    BASE,
    FORUM_CSS,
    FORUM_DESCRIPTION,
    FORUM_JS,
    FORUM_TITLE,
    PER_PAGE,
    absolute,
    discussion_content,
    document,
    error_page,
    esc,
    esc_text,
    header_html,
    index_content,
    php_json,
    robots_txt,
    tags_content,
    user_content,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, html
from topiccrawl.textutil import normalize_space

NOW = datetime(2025, 6, 12, 14, 30, 0, tzinfo=UTC)

# fmt: off
# username, display name, language ("en", "zh" or "both"), role
_USERS = [
    ("admin", "Quillnote Team", "en", "admin"), ("clara", "Clara Nguyen", "en", "mod"),
    ("zhangwei", "张伟", "zh", "mod"), ("priya", "Priya Natarajan", "en", ""), ("samob", "Sam O'Brien", "en", ""),
    ("jdoe", "jdoe", "en", ""), ("alexc", "Alex Chen", "both", ""), ("oliverb", "Oliver Brooks", "en", ""),
    ("lihua", "李华", "zh", ""), ("hannah_s", "Hannah Schmidt", "en", ""), ("wangfang", "王芳", "zh", ""),
    ("lucasm", "Lucas Martin", "en", ""), ("chenjing", "陈静", "zh", ""), ("fatimaz", "Fatima Zahra", "en", ""),
    ("dvolkov", "Dmitri Volkov", "en", ""), ("liuyang", "刘洋", "zh", ""), ("emmaw", "Emma W.", "en", ""),
    ("ghostwriter", "ghostwriter", "en", ""), ("zhaolei", "赵磊", "zh", ""), ("bcarter", "Ben Carter", "en", ""),
    ("kenji", "Kenji Watanabe", "en", ""), ("meilin", "Mei Lin 林美", "both", ""), ("sunyue", "孙悦", "zh", ""),
    ("marta", "Marta Kowalska", "en", ""), ("noah_p", "Noah Patel", "en", ""), ("wumin", "吴敏", "zh", ""),
    ("isabelle", "Isabelle Dubois", "en", ""), ("rustacean42", "rustacean42", "en", ""),
    ("zhoujie", "周杰", "zh", ""), ("nightowl", "NightOwl", "en", ""), ("xiaoyu", "小雨", "zh", ""),
    ("grace_h", "Grace Ho", "both", ""), ("tomasz", "Tomasz", "en", ""), ("laomao", "老猫", "zh", ""),
    ("lea_m", "Léa Martin", "en", ""), ("yifan", "Yifan Wu", "both", ""), ("huangxm", "黄小明", "zh", ""),
    ("panda_dev", "熊猫开发者", "zh", ""), ("hutao", "胡涛", "zh", ""), ("mkeller", "Max Keller", "en", ""),
    ("ana_r", "Ana Rodrigues", "en", ""), ("qiqi", "琪琪 Qiqi", "both", ""), ("jwilson", "J. Wilson", "en", ""),
    ("tanaka", "Tanaka Yui", "en", ""),
]
# tag id, slug, name, description, colour, icon, position, weight (discussions at size 1), sticky titles
_TAGS = [
    (1, "general", "General", "Anything about Quillnote that does not fit elsewhere.", "#4d698e",
     "fas fa-comments", 1, 42, []),
    (2, "support", "Support", "Installation problems, sync errors and other questions. Please search first.",
     "#e67e22", "fas fa-life-ring", 2, 50, ["Read this before asking for help"]),
    (4, "dev", "Development", "Plugins, the API and contributing to Quillnote itself.", "#2e9e5b", "fas fa-code",
     3, 28, []),
    (5, "feedback", "Feedback", "Feature requests, ideas and criticism.", "#8e44ad", "fas fa-lightbulb", 4, 26, []),
    (7, "off-topic", "Off-topic", "Chat about anything else. Be nice.", "#7f8c8d", "fas fa-coffee", 5, 22, []),
    (3, "announcements", "Announcements", "Release notes and news from the Quillnote team.", "#c0392b",
     "fas fa-bullhorn", 0, 8, ["Quillnote 2.4 is here: tables, faster sync and a new plugin API",
                               "Forum rules and posting guidelines"]),
]
_SECOND = {"support": ["dev"], "dev": ["feedback", "support"], "feedback": ["dev"], "general": ["off-topic"],
           "off-topic": ["general"], "announcements": ["general"]}
_SLOTS = {
    "ver": ["2.3.1", "2.3.4", "2.4.0", "2.4.1", "2.4.2"],
    "os": ["Windows 11", "macOS Sonoma", "Ubuntu 24.04", "Fedora 40", "Android 14", "iOS 17", "ChromeOS"],
    "feature": ["sync", "tag search", "the graph view", "PDF export", "vim mode", "backlinks", "the web clipper",
                "end-to-end encryption", "daily notes", "table editing"],
    "plugin": ["Kanban Board", "Calendar View", "Mermaid Preview", "Spaced Repetition", "Git Backup",
               "Reading List"],
    "app": ["Notion", "Evernote", "Obsidian", "OneNote", "Joplin", "Bear"],
    "conf": ["FOSDEM", "PyCon", "Write the Docs", "JSConf"],
}
_TITLES = {
    "en": {
        "general": ["What do you use Quillnote for?", "Switching from {app} to Quillnote", "My daily note workflow",
                    "How do you organise tags vs folders?", "Quillnote on {os}: first impressions",
                    "Share your favourite theme", "Is anyone using Quillnote for research notes?",
                    "Best way to journal with templates", "How big is your vault?", "Quillnote vs {app} in 2025",
                    "Tips for new users", "Do you keep work and personal notes apart?",
                    "Zettelkasten in Quillnote: how I set it up", "Favourite community plugins?",
                    "Using Quillnote with a tablet and a pen", "How do you back up your vault?",
                    "Anyone else running it on {os}?", "Folder structure for a PhD",
                    "Quillnote for recipes and household stuff", "What made you stay with Quillnote?",
                    "Linking notes: too much or too little?", "One year of daily notes"],
        "support": ["Sync stuck at {n}% on {os}", "App crashes on startup after updating to {ver}",
                    "Cannot open vault after moving it to an external drive", "{feature} not working on {os}",
                    "Error: EACCES permission denied when saving notes",
                    "Lost notes after a sync conflict, any way to recover?",
                    "How do I reset the settings without losing notes?", "Attachments not showing on mobile",
                    "High CPU usage when the graph view is open", "Login loop with self-hosted sync server",
                    "Search returns nothing after the {ver} upgrade", "PDF export cuts off code blocks",
                    "Hotkeys stopped working on {os}", "Images pasted from the clipboard are blank",
                    "Sync keeps creating duplicate notes", "Vault index corrupted after a power cut",
                    "Cannot install plugins from the community list", "Fonts look blurry on {os}",
                    "Mobile app drains the battery", "Export to HTML loses the images",
                    "Self-hosted sync returns 502", "Wrong timezone in daily notes"],
        "dev": ["[Plugin] {plugin} for Quillnote, feedback welcome", "How to register a custom command?",
                "Building Quillnote from source on {os}", "TypeError in onload() with the new API",
                "RFC: a stable plugin settings API", "Hot reload for plugin development",
                "Where is the markdown parser configured?", "Writing tests for plugins",
                "Proposal: expose sync events to plugins", "Release: {plugin} 1.{n}",
                "How do plugins store data per note?", "Debugging a plugin on mobile",
                "Custom renderers for code blocks", "Is there a plugin template repository?",
                "Breaking change in the editor API?", "Contributing translations"],
        "feedback": ["Please add {feature} to the mobile app", "The new toolbar in {ver} is confusing",
                     "Feature request: nested tags", "Dark mode contrast is too low", "Make {feature} optional",
                     "Keyboard shortcut for moving notes", "Idea: a daily review mode", "Bring back the old sidebar",
                     "Better {feature} for long notes", "Sync pricing feedback", "Please keep the app lightweight",
                     "Onboarding was confusing for me", "Ideas for the next community call",
                     "Make the graph view useful", "Tabs instead of a single pane"],
        "off-topic": ["What are you reading this month?", "Mechanical keyboards thread", "Show us your desk setup",
                      "Favourite podcasts about productivity", "Coffee or tea while writing?",
                      "Anyone going to {conf} this year?", "Music for deep work", "Pen and paper still wins?",
                      "Favourite fountain pens", "What does your morning routine look like?",
                      "Board games night", "Photos from your last hike", "Which language are you learning?"],
        "announcements": ["Quillnote {ver} released", "Sync server maintenance this weekend",
                          "Community call recording is up", "New plugin review process",
                          "Security update {ver}"],
    },
    "zh": {
        "general": ["大家都用 Quillnote 做什么？", "从 {app} 迁移到 Quillnote 的经验", "分享一下我的笔记工作流",
                    "标签和文件夹怎么搭配使用？", "{os} 上使用 Quillnote 的感受", "有没有用来写论文的？",
                    "日记模板分享", "中文排版有什么好的主题推荐", "卡片笔记法实践心得", "大家怎么备份笔记库？",
                    "新手求推荐插件"],
        "support": ["同步一直卡在 {n}%", "升级到 {ver} 后启动就闪退", "移动硬盘上的笔记库打不开了",
                    "中文输入法候选框位置不对", "同步冲突后笔记丢失，还能恢复吗？", "导出 PDF 时中文字体乱码",
                    "搜索不到中文内容", "手机端附件不显示", "自建同步服务器连不上", "{os} 上字体发虚",
                    "插件市场打不开", "日记的日期时区不对"],
        "dev": ["插件开发入门求教", "如何在插件里注册自定义命令？", "在 {os} 上从源码编译失败",
                "分享一个自制插件：{plugin}", "插件接口的文档在哪里？", "插件怎么调试？", "参与翻译需要注意什么"],
        "feedback": ["建议增加 {feature} 功能", "希望支持竖排文字", "新版工具栏不太好用", "能否加入拼音搜索？",
                     "建议优化中文分词", "希望支持标签页", "同步价格的一点意见"],
        "off-topic": ["最近在读什么书？", "大家用什么键盘？", "晒一下你的桌面", "写作的时候听什么音乐？",
                      "周末去哪儿玩", "大家在学什么外语？", "分享一下你的早晨习惯"],
        "announcements": ["Quillnote {ver} 发布说明", "中文社区版块说明"],
    },
}
_LINES = {
    "en": {
        "general": ["I mostly use it for meeting notes and a small personal wiki.",
                    "Tags work better for me than folders, because a note can live in several places at once.",
                    "I moved about {n}00 notes over from {app} last month and the import was painless.",
                    "The daily note template is the feature I open every single morning.",
                    "My vault is around {n} GB now, mostly PDFs and screenshots.",
                    "Backlinks changed the way I write; I link everything now.",
                    "I keep one inbox note and sort it out on Fridays.",
                    "The graph view looks pretty but I rarely use it for real work.",
                    "On {os} it feels snappy even with thousands of notes.",
                    "I tried {app} for a year before coming back here.",
                    "Plain Markdown files were the reason I switched in the first place.",
                    "Templates plus a few hotkeys cover about ninety percent of what I need."],
        "support": ["Which version are you on? Check Settings > About and post the exact number.",
                    "I have the same problem on {os} since the {ver} update.",
                    "Try closing the app, deleting the cache folder and starting it again.",
                    "The log file usually tells you what went wrong, please attach it.",
                    "Make sure the vault folder is not inside a cloud drive that locks files.",
                    "Sync resumed after I signed out and back in.",
                    "It only happens with notes that have very large attachments.",
                    "Downgrading to the previous release fixed it for me for now.",
                    "This is a known issue and a fix is planned for the next patch release.",
                    "Permissions on the folder were wrong; after fixing them everything saves again.",
                    "Safe mode disables all plugins, which helps to rule them out.",
                    "I reproduced it with a fresh vault, so it is not my configuration."],
        "dev": ["The plugin API exposes the workspace through this.app once onload() has run.",
                "Commands are registered with addCommand and need a unique id.",
                "You need Node {n} or newer to build from source.",
                "I published the first version of {plugin}, the code is on GitHub.",
                "Settings should be loaded in onload and saved with saveData.",
                "Hot reload works if you symlink the plugin folder into the vault.",
                "The parser is markdown-it with a few custom rules on top.",
                "Events from the sync engine are not public yet, but there is an open proposal.",
                "Unit tests run with vitest; the API is mocked in the test helpers.",
                "Please open a pull request against the develop branch, not main.",
                "Type definitions are shipped in the quillnote-api package.",
                "Remember to unregister your event handlers in onunload."],
        "feedback": ["This would make the mobile app much more useful for me.",
                     "The old layout was easier to scan, the icons are too small now.",
                     "Nested tags would solve most of my organisation problems.",
                     "Please make it a setting so people who like it can keep it.",
                     "The contrast in dark mode is hard on the eyes at night.",
                     "A keyboard shortcut for this would save me a lot of clicks.",
                     "I would happily pay for {feature} in the sync subscription.",
                     "Other apps solved this years ago, it is the one thing I miss.",
                     "Thanks for listening to feedback, the last release fixed two of my wishes.",
                     "Maybe start with a plugin and move it into core if people use it."],
        "off-topic": ["I am halfway through a book about the history of index cards.",
                      "Brown switches for me, the clicky ones drive my family mad.",
                      "My desk is a mess but the monitor arm was the best purchase this year.",
                      "Lo-fi playlists are the only thing that keeps me focused.",
                      "Tea in the morning, coffee after lunch, nothing after four.",
                      "The conference talks are usually online a few weeks later.",
                      "I started writing my journal by hand again and I love it.",
                      "Long walks are underrated for thinking through hard problems."],
        "announcements": ["Quillnote {ver} is now available on all platforms.",
                          "This release brings faster sync, table editing and a refreshed settings screen.",
                          "Please back up your vault before upgrading, as always.",
                          "The full changelog is linked below.",
                          "Thanks to everyone who tested the beta and reported bugs.",
                          "The sync servers will be read-only for about {n} minutes during maintenance.",
                          "Plugin authors should read the migration guide before updating.",
                          "If you find a regression, open a thread in Support with the log attached."],
    },
    "zh": {
        "general": ["我主要用它记会议笔记，顺便维护一个小小的个人知识库。",
                    "标签比文件夹好用，一篇笔记可以同时放在好几个地方。",
                    "上个月从 {app} 导入了大概 {n}00 篇笔记，过程很顺利。", "每天早上第一件事就是打开日记模板。",
                    "双向链接改变了我的写作习惯，现在什么都想链一下。",
                    "我的笔记库现在有 {n} GB 了，大部分是 PDF 和截图。",
                    "关系图看着很酷，但实际工作中很少用。", "在 {os} 上几千篇笔记也很流畅。",
                    "纯 Markdown 文件是我当初选择它的主要原因。", "模板加上几个快捷键，基本满足九成需求。"],
        "support": ["你用的是哪个版本？在设置里的关于页面可以看到。",
                    "我在 {os} 上升级到 {ver} 之后也遇到了同样的问题。",
                    "先退出程序，删掉缓存文件夹再重新打开试试。", "日志文件里一般能看到原因，麻烦贴一下。",
                    "笔记库不要放在会锁文件的网盘目录里。", "退出账号重新登录以后同步就恢复了。",
                    "只有附件特别大的笔记会这样。", "暂时降级到上一个版本就好了。",
                    "这是已知问题，下个补丁版本会修复。", "文件夹权限不对，改好以后就能正常保存了。"],
        "dev": ["插件接口在 onload() 执行之后可以通过 this.app 访问工作区。", "命令用 addCommand 注册，id 必须唯一。",
                "从源码编译需要 Node {n} 或更高版本。", "{plugin} 的第一个版本已经发布了，代码在 GitHub 上。",
                "设置在 onload 里读取，用 saveData 保存。", "把插件目录软链接到笔记库里就可以热重载。",
                "解析器是 markdown-it，加了几条自定义规则。", "记得在 onunload 里注销事件监听。"],
        "feedback": ["这个功能对手机端来说太重要了。", "旧版布局更清楚，现在的图标太小了。",
                     "如果有多级标签，我大部分整理问题都能解决。", "建议做成一个开关，喜欢的人可以保留。",
                     "深色模式的对比度晚上看着很累。", "希望能加个快捷键，能省很多次点击。",
                     "中文搜索一直是短板，希望能重视一下。", "可以先做成插件，用的人多了再放进核心。"],
        "off-topic": ["最近在读一本讲卡片笔记法历史的书。", "我用茶轴，青轴太吵了家里人受不了。",
                      "桌面很乱，不过显示器支架是今年买得最值的东西。", "写东西的时候只能听纯音乐。",
                      "早上喝茶，下午喝咖啡，四点以后什么都不喝。", "最近又开始手写日记了，感觉很好。"],
        "announcements": ["Quillnote {ver} 已经在各个平台上线。", "这个版本带来了更快的同步、表格编辑和新的设置界面。",
                          "升级之前请照例备份你的笔记库。", "有问题请到支持版块发帖，并附上日志。"],
    },
}
_GENERIC = {
    "en": ["Thanks for sharing this!", "Good question, I was wondering the same.", "That worked, thank you!",
           "I do not think that is quite right, but it is close.", "Could you post a screenshot?",
           "Interesting, I never thought about it that way.", "Bumping this because I still have the issue.",
           "Great write-up.", "Marking this as solved for anyone who finds it later."],
    "zh": ["感谢分享！", "同问，我也想知道。", "按这个方法解决了，谢谢！", "不太同意，不过思路是对的。",
           "能不能发个截图看看？",
           "学到了。", "顶一下，问题还在。", "写得很详细，收藏了。"],
}
_SHORT = {
    "en": ["+1", "Thanks!", "Same issue here.", "Following.", "This.", "Solved, thanks.", "Nice!", "Agreed.",
           "Works for me now."],
    "zh": ["+1", "谢谢！", "同问", "顶", "已解决，感谢", "好用", "赞同", "mark"],
}
_STEPS = {
    "en": ["Open Settings > Sync", "Sign out and sign in again", "Restart the app", "Open a note with an image",
           "Switch to reading view", "Check the log under Help > Show logs", "Turn on safe mode"],
    "zh": ["打开设置里的同步页面", "退出账号再重新登录", "重启应用", "打开一篇带图片的笔记", "切换到阅读模式",
           "在帮助菜单里打开日志", "开启安全模式"],
}
_ITEMS = {
    "en": ["fast full-text search", "plain files on disk", "good mobile app", "a sane plugin API",
           "offline first", "export to PDF and HTML", "no account required", "decent table support"],
    "zh": ["全文搜索很快", "文件都在本地", "手机端好用", "插件接口清晰", "离线优先", "可以导出 PDF 和 HTML",
           "不需要注册账号", "表格支持不错"],
}
_CODE = [
    ("bash", "qn --version\nqn sync --status"),
    ("json", '{\n  "syncInterval": 300,\n  "vaultPath": "~/Notes",\n  "safeMode": false\n}'),
    ("text", "Error: EACCES: permission denied, open '/Users/me/Notes/.quillnote/cache.db'"),
    ("ts", "this.addCommand({\n  id: 'insert-date',\n  name: 'Insert date',\n"
           "  callback: () => this.insertDate(),\n});"),
    ("text", "[sync] conflict detected in Inbox.md (local 3f2a, remote 9b1c)\n[sync] keeping both copies"),
    ("css", '.markdown-preview h1 {\n  font-family: "Noto Serif SC", serif;\n}'),
    ("bash", "git clone https://github.com/quillnote/quillnote.git\ncd quillnote && pnpm install && pnpm build"),
    ("html", '<div class="callout">\n  <p>Note & warning: a <b>bold</b> claim</p>\n</div>'),
    ("yaml", "sync:\n  server: https://sync.example.org\n  interval: 300"),
]
_LINKS = [
    ("https://docs.quillnote.app/sync/troubleshooting", "the troubleshooting guide"),
    ("https://docs.quillnote.app/plugins/getting-started", "the plugin docs"),
    ("https://github.com/quillnote/quillnote/issues/{n}42", None),
    ("https://en.wikipedia.org/wiki/Zettelkasten", "Zettelkasten"),
    ("https://stackoverflow.com/questions/5123467/symlinks-on-windows", None),
    ("https://quillnote.app/blog/release-2-4", "the release post"),
]
_EMOJI = [("👍", "1f44d"), ("🙂", "1f642"), ("🎉", "1f389"), ("😅", "1f605"), ("🙏", "1f64f")]
# fmt: on


@dataclass(eq=False)
class User:
    uid: int
    username: str
    name: str  # the display name (nicknames extension)
    lang: str
    role: str
    joined: datetime
    avatar: str | None = None
    discussions: int = 0
    comments: int = 0
    last_seen: datetime = NOW


@dataclass(eq=False)
class Post:
    pid: int
    did: int
    number: int
    position: int  # 1-based among the discussion's posts
    uid: int
    when: datetime
    html: str = ""  # contentHtml, with BASE for the base URL
    text: str = ""
    first: str = ""  # the first block's text, for quotes

    @property
    def page(self) -> int:
        return (self.position - 1) // PER_PAGE + 1


@dataclass(eq=False)
class Tag:
    tid: int
    slug: str
    name: str
    description: str
    color: str
    icon: str
    position: int
    discussions: list[Discussion] = field(default_factory=list)

    def listing(self) -> list[Discussion]:
        return pinned_order(self.discussions)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.discussions) // PER_PAGE))


@dataclass(eq=False)
class Discussion:
    did: int
    title: str
    tags: list[Tag]
    sticky: bool
    lang: str
    posts: list[Post] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return slugify(self.title)

    @property
    def key(self) -> str:
        """The ``id`` of the discussion route: ``123-some-title``, or ``123`` for an empty slug."""
        return f"{self.did}-{self.slug}" if self.slug else str(self.did)

    @property
    def primary(self) -> Tag:
        return self.tags[0]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.posts) // PER_PAGE))

    @property
    def created(self) -> datetime:
        return self.posts[0].when

    @property
    def last_posted(self) -> datetime:
        return self.posts[-1].when

    def target(self, n: int = 1) -> str:
        return f"/d/{self.key}" + (f"?page={n}" if n > 1 else "")


def slugify(title: str) -> str:
    """Flarum's ``Str::slug``: ASCII letters and digits kept (lower case), everything else a dash."""
    s = "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in title)
    s = re.sub(r"-+", "-", re.sub(r"[^a-z0-9]", "-", s))
    return re.sub(r"-$|^-", "", s)


def pinned_order(items: list[Discussion]) -> list[Discussion]:
    """Sticky first, then by last post, newest first (the default sort with flarum/sticky)."""
    return sorted(items, key=lambda d: (not d.sticky, -d.last_posted.timestamp(), -d.did))


def iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%S+00:00")


# -- post bodies -----------------------------------------------------------------------------------
Seg = tuple[str, str]  # (markup, the text it shows)


def _t(text: str) -> Seg:
    return esc_text(text), text


def _wrap(tag: str, text: str) -> Seg:
    return f"<{tag}>{esc_text(text)}</{tag}>", text


def _link(url: str, label: str | None) -> Seg:
    shown = label or url
    return f'<a href="{esc(url)}" rel="ugc nofollow">{esc_text(shown)}</a>', shown


def _user_mention(u: User) -> Seg:
    return f'<a href="{BASE}/u/{u.username}" class="UserMention">@{esc_text(u.name)}</a>', f"@{u.name}"


def _post_mention(p: Post, u: User) -> Seg:
    return f'<a href="{BASE}/d/{p.did}/{p.number}" class="PostMention" data-id="{p.pid}">{esc_text(u.name)}</a>', u.name


_BR: Seg = ("<br>\n", " ")


def _emoji(rng: random.Random) -> Seg:
    char, code = rng.choice(_EMOJI)
    return (
        f'<img alt="{char}" class="emoji" draggable="false" loading="lazy" '
        f'src="https://cdn.jsdelivr.net/gh/twitter/twemoji@14/assets/72x72/{code}.png">',
        "",
    )


class _Body:
    """A post's blocks: their HTML and the text each shows (quotes show none that counts)."""

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.texts: list[str] = []

    def add(self, markup: str, text: str = "") -> None:
        self.blocks.append(markup)
        if text:
            self.texts.append(text)

    def para(self, *segs: Seg) -> None:
        self.add("<p>" + "".join(m for m, _ in segs) + "</p>", "".join(t for _, t in segs))

    def items(self, tag: str, items: list[str]) -> None:
        self.add(f"<{tag}>" + "\n".join(f"<li>{esc_text(i)}</li>" for i in items) + f"</{tag}>", " ".join(items))

    def html(self) -> str:
        return "\n".join(self.blocks)

    def text(self) -> str:
        return normalize_space(" ".join(self.texts))


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
    while "{n}" in text:
        text = text.replace("{n}", str(rng.randint(2, 19)), 1)
    return text


class _Bag:
    """Sentences drawn without repeats within one post (refilled when used up)."""

    def __init__(self, rng: random.Random, pool: list[str]) -> None:
        self.rng, self.pool = rng, pool
        self.left: list[str] = []

    def take(self) -> str:
        if not self.left:
            self.left = self.rng.sample(self.pool, len(self.pool))
        return _fill(self.rng, self.left.pop())


class FlarumData:
    """Users, tags, discussions and posts, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:  # noqa: PLR0912, PLR0915
        rng = random.Random(seed)
        self.users: dict[int, User] = {}
        uid = 0
        for i, (username, name, lang, role) in enumerate(_USERS):
            uid += 1 if i < 3 else rng.randint(1, 6)
            joined = NOW - timedelta(days=1_000 - i * 15 - rng.randint(0, 12), seconds=rng.randint(0, 86_399))
            u = User(uid, username, name, lang, role, joined)
            if rng.random() < 0.55:
                u.avatar = f"{BASE}/assets/avatars/{hashlib.md5(username.encode()).hexdigest()[:16]}.png"
            self.users[uid] = u
        self.by_name = {u.username.lower(): u for u in self.users.values()}
        self.avatars = {u.avatar.removeprefix(BASE) for u in self.users.values() if u.avatar}
        speakers = {
            lang: [u for u in self.users.values() if u.lang in {lang, "both"} and u.role != "admin"]
            for lang in ("en", "zh")
        }
        team = {"en": [u for u in self.users.values() if u.role in {"admin", "mod"} and u.lang == "en"],
                "zh": [u for u in self.users.values() if u.role == "mod" and u.lang == "zh"]}  # fmt: skip
        self.tags: dict[str, Tag] = {}
        for tid, slug, name, desc, color, icon, position, _, _ in sorted(_TAGS, key=lambda t: t[6]):
            self.tags[slug] = Tag(tid, slug, name, desc, color, icon, position)
        forced = [(141, 160), (81, 100), (40, 40)] if size >= 0.6 else [(61, 80), (40, 40)]
        protos: list[tuple[list[Tag], bool, str, str | None, list[datetime], list[int]]] = []
        for _, slug, _, _, _, _, _, weight, stickies in _TAGS:
            tag = self.tags[slug]
            n = max(3, round(weight * size))
            for k in range(len(stickies) + n):
                sticky = k < len(stickies)
                if sticky:
                    length = rng.randint(3, 14)
                elif forced and k == len(stickies) and weight >= 26:
                    length = rng.randint(*forced.pop(0))
                else:
                    lo, hi = rng.choices([(1, 1), (2, 6), (7, 14), (15, 25), (26, 45), (46, 70)],
                                         [9, 32, 30, 17, 9, 3])[0]  # fmt: skip
                    length = rng.randint(lo, hi)
                if slug == "announcements":
                    lang = "zh" if not sticky and rng.random() < 0.2 else "en"
                    starter = rng.choice(team[lang])
                else:
                    lang = "zh" if rng.random() < 0.3 else "en"
                    starter = rng.choice(speakers[lang])
                tags = [tag]
                if not sticky and rng.random() < 0.13:
                    tags.append(self.tags[rng.choice(_SECOND[slug])])
                mean = rng.choice([20 * 60, 3 * 3600, 30 * 3600])
                gaps = [60 + int(rng.expovariate(1 / mean)) for _ in range(length - 1)]
                end_ago = rng.randint(600, 3 * 86400) if rng.random() < 0.25 else rng.randint(3 * 86400, 700 * 86400)
                times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
                for gap in gaps:
                    times.append(times[-1] + timedelta(seconds=gap))
                authors = [starter.uid]
                for _ in gaps:
                    if rng.random() < 0.15:
                        authors.append(starter.uid)
                    elif rng.random() < 0.85:
                        authors.append(rng.choice(speakers[lang]).uid)
                    else:
                        authors.append(rng.choice(list(self.users)))
                title = stickies[k] if sticky else None
                protos.append((tags, sticky, lang, title, times, authors))
        protos.sort(key=lambda p: p[4][0])
        self.discussions: dict[int, Discussion] = {}
        used: set[str] = set()
        did = 0
        pending: list[tuple[datetime, Discussion, int, int]] = []
        for tags, sticky, lang, fixed, times, authors in protos:
            did += rng.randint(1, 3)
            title = fixed
            for _ in range(6):  # fresh titles while there are; the same title twice happens too
                if title is not None and title not in used:
                    break
                pool = _TITLES[lang][tags[0].slug]
                title = _fill(rng, rng.choice([t for t in pool if t not in used] or pool))
            assert title is not None
            used.add(title)
            d = Discussion(did, title, tags, sticky, lang)
            self.discussions[did] = d
            for t in tags:
                t.discussions.append(d)
            pending += [(w, d, i, authors[i]) for i, w in enumerate(times)]
        pid = rng.randint(0, 40)
        self.pids: dict[int, Post] = {}
        for when, d, i, author in sorted(pending, key=lambda x: (x[0], x[1].did, x[2])):
            pid += 1 if rng.random() < 0.8 else rng.randint(2, 4)
            number = 1 if i == 0 else d.posts[-1].number + (2 if rng.random() < 0.03 else 1)
            p = Post(pid, d.did, number, i + 1, author, when)
            self._write(rng, p, d)
            d.posts.append(p)
            self.pids[pid] = p
        for d in self.discussions.values():
            self.users[d.posts[0].uid].discussions += 1
            for p in d.posts:
                u = self.users[p.uid]
                u.comments += 1
                u.joined = min(u.joined, p.when - timedelta(days=3))
                u.last_seen = max(u.last_seen if u.last_seen != NOW else p.when, p.when)

    def _write(self, rng: random.Random, p: Post, d: Discussion) -> None:  # noqa: PLR0912, PLR0915
        """The post's Markdown rendered: an optional quote or reply mention, text, and now and then code, a list,
        a heading, a link, an image, an emoji or a link to another discussion."""
        b = _Body()
        topic = d.primary.slug
        lang = {"en": "en", "zh": "zh"}.get(self.users[p.uid].lang, d.lang)  # each writes their language
        en = lang == "en"
        earlier = d.posts
        reply_to: Post | None = None
        if p.position >= 3 and rng.random() < 0.12:
            q = earlier[-1] if rng.random() < 0.6 else rng.choice(earlier)
            mention, _ = _post_mention(q, self.users[q.uid])
            b.add(f"<blockquote><p>{mention} {esc_text(q.first)}</p></blockquote>")
        elif p.position >= 2 and rng.random() < 0.22:
            reply_to = earlier[-1] if rng.random() < 0.6 else rng.choice(earlier)
        lead: list[Seg] = []
        if reply_to is not None:
            lead = [_post_mention(reply_to, self.users[reply_to.uid]), _t(" ")]
        first = p.position == 1
        kind = ("long" if rng.random() < 0.55 else "normal") if first else (
            rng.choices(["short", "normal", "long"], [20, 60, 20])[0])  # fmt: skip
        if kind == "short":
            segs = [*lead, _t(rng.choice(_SHORT[lang]))]
            if rng.random() < 0.2:
                segs += [_t(" "), _emoji(rng)]
            b.para(*segs)
        else:
            bag = _Bag(rng, _LINES[lang][topic] + ([] if first else _GENERIC[lang]))
            for i in range(rng.randint(2, 4) if kind == "long" else rng.randint(1, 2)):
                segs = list(lead) if i == 0 else []
                sentences = [bag.take() for _ in range(rng.randint(1, 3))]
                style = rng.random()
                for j, s in enumerate(sentences):
                    if j:
                        segs.append(_BR if style < 0.08 else _t(" " if en else ""))
                    if style > 0.9 and j == len(sentences) // 2:
                        segs.append(_wrap(rng.choice(["strong", "em"]), s))
                    else:
                        segs.append(_t(s))
                if i == 0 and rng.random() < 0.06:
                    u = rng.choice([x for x in self.users.values() if x.uid != p.uid])
                    segs += [_t(" Maybe " if en else " "), _user_mention(u), _t(" knows?" if en else " 你怎么看？")]
                if rng.random() < 0.05:
                    segs += [_t(" "), _emoji(rng)]
                b.para(*segs)
            if topic in {"support", "dev"} and rng.random() < (0.35 if first else 0.15):
                code_lang, code = rng.choice(_CODE)
                if rng.random() < 0.5:
                    b.para(_t("Here is what I see:" if en else "输出如下："))
                b.add(f'<pre><code class="language-{code_lang}">{esc_text(code)}</code></pre>', code)
            if first and topic == "support" and rng.random() < 0.3:
                b.add(
                    f"<h3>{'Steps to reproduce' if en else '复现步骤'}</h3>", "Steps to reproduce" if en else "复现步骤"
                )
                b.items("ol", rng.sample(_STEPS[lang], rng.randint(2, 4)))
            elif rng.random() < 0.08:
                b.items("ul", rng.sample(_ITEMS[lang], rng.randint(2, 4)))
            if rng.random() < 0.07:
                url, label = rng.choice(_LINKS)
                url = _fill(rng, url)
                if en:
                    b.para(_t("There is more in "), _link(url, label), _t("."))
                else:
                    b.para(_t("可以参考 "), _link(url, label), _t("。"))
            if rng.random() < 0.04:
                others = [o for o in self.discussions.values() if o.posts and o.posts[0].when < p.when]
                if others:
                    o = rng.choice(others)
                    link = (f'<a href="{BASE}/d/{esc(o.key)}">{esc_text(o.title)}</a>', o.title)
                    b.para(_t("This came up before in " if en else "之前有人问过："), link, _t("." if en else ""))
            if kind == "long" and rng.random() < 0.04:
                b.add("<hr>")
                b.para(_t(("Edit: " if en else "补充：") + bag.take()))
        if rng.random() < 0.05:
            h = hashlib.md5(f"{p.pid}".encode()).hexdigest()[:7]
            b.add(f'<p><img src="https://i.imgur.com/{h}.png" alt="{"screenshot" if en else "截图"}"></p>')
        p.html, p.text = b.html(), b.text()
        p.first = b.texts[0]

    # -- queries ---------------------------------------------------------------------------------
    def listing(self) -> list[Discussion]:
        return pinned_order(list(self.discussions.values()))

    def sorted_view(self, items: list[Discussion], sort: str) -> list[Discussion]:
        keys: dict[str, Callable[[Discussion], tuple[float, int]]] = {
            "latest": lambda d: (-d.last_posted.timestamp(), -d.did),
            "top": lambda d: (-len(d.posts), -d.did),
            "newest": lambda d: (-d.created.timestamp(), -d.did),
            "oldest": lambda d: (d.created.timestamp(), d.did),
        }
        return sorted(items, key=keys[sort])


SORTS = ("latest", "top", "newest", "oldest")
_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082"
)


@dataclass
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[str], Reply]  # called with the requester's base URL


def intval(value: str | None) -> int:
    """PHP's ``intval()`` of a query parameter: leading digits, else 0."""
    m = re.match(r"\s*([+-]?\d+)", value or "")
    return int(m.group(1)) if m else 0


_DISCUSSION = re.compile(r"^/d/(\d+)(?:-([^/]*))?(?:/([^/]*))?$")
_USER = re.compile(r"^/u/([^/]+)(?:/([^/]*))?$")
_TAG = re.compile(r"^/t/([^/]+)$")
_API_POST = re.compile(r"^/api/(discussions|posts|users|tags)/([^/]+)$")


class FlarumForum(RoutedTruth):
    """Flarum 1.8 without JavaScript: ``/``, ``/t/support?page=2``, ``/d/123-sync-stuck?page=3``, UTF-8."""

    name = "flarum"

    def __init__(self, size: float = 1.0, *, seed: int = 7) -> None:
        self.charset = "utf-8"
        self.size = size
        self.seed = seed
        self.data = FlarumData(seed, size)

    # -- truth ---------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    @staticmethod
    def tag_target(t: Tag, n: int = 1) -> str:
        return f"/t/{t.slug}" + (f"?page={n}" if n > 1 else "")

    @staticmethod
    def index_target(n: int = 1) -> str:
        return "/" if n == 1 else f"/?page={n}"

    @property
    def index_pages(self) -> int:
        return max(1, -(-len(self.data.discussions) // PER_PAGE))

    def thread_targets(self) -> frozenset[str]:
        return frozenset(d.target(n) for d in self.data.discussions.values() for n in range(1, d.pages + 1))

    def index_targets(self) -> frozenset[str]:
        tags = (self.tag_target(t, n) for t in self.data.tags.values() for n in range(1, t.pages + 1))
        return frozenset([*(self.index_target(n) for n in range(1, self.index_pages + 1)), "/tags", *tags])

    def posts(self) -> list[TruthPost]:
        return [
            TruthPost(
                thread_id=str(d.did),
                thread_title=d.title,
                board=d.primary.name,
                page_number=p.page,
                position=p.position,
                post_id=str(p.pid),
                author=self.data.users[p.uid].name,
                time="",
                text=p.text,
            )
            for d in self.data.listing()
            for p in d.posts
        ]

    # -- payload resources -----------------------------------------------------------------------
    def _forum_resource(self, base: str) -> dict[str, object]:
        tags = [{"type": "tags", "id": str(t.tid)} for t in self.data.tags.values()]
        return {"type": "forums", "id": "1", "attributes": {
            "title": FORUM_TITLE, "description": FORUM_DESCRIPTION, "showLanguageSelector": True,
            "baseUrl": base, "basePath": "", "baseOrigin": base, "debug": False, "apiUrl": f"{base}/api",
            "welcomeTitle": "Welcome to the Quillnote Community",
            "welcomeMessage": "Ask questions, share plugins and tell us what to build next.",
            "themePrimaryColor": "#4D698E", "themeSecondaryColor": "#4D698E", "logoUrl": None,
            "faviconUrl": f"{base}/assets/favicon-k2ld0ajx.png", "headerHtml": header_html(base), "footerHtml": None,
            "allowSignUp": True, "defaultRoute": "/all", "canViewForum": True, "canStartDiscussion": False,
            "canSearchUsers": False, "canCreateAccessToken": False, "canModerateAccessTokens": False,
            "assetsBaseUrl": f"{base}/assets", "canViewFlags": False, "guidelinesUrl": None,
            "canBypassTagCounts": False, "minPrimaryTags": "1", "maxPrimaryTags": "2", "minSecondaryTags": "0",
            "maxSecondaryTags": "3", "allowUsernameMentionFormat": True, "displayNameDriver": "nickname",
        }, "relationships": {"groups": {"data": [{"type": "groups", "id": str(g)} for g in (1, 2, 3, 4)]},
                             "tags": {"data": tags}}}  # fmt: skip

    @staticmethod
    def _groups() -> list[dict[str, object]]:
        spec = [(1, "Admin", "Admins", "#B72A2A", "fas fa-wrench"), (2, "Guest", "Guests", None, None),
                (3, "Member", "Members", None, None), (4, "Mod", "Mods", "#80349E", "fas fa-bolt")]  # fmt: skip
        return [{"type": "groups", "id": str(i), "attributes": {"nameSingular": s, "namePlural": pl, "color": c,
                 "icon": ic, "isHidden": 0}} for i, s, pl, c, ic in spec]  # fmt: skip

    def _tag_resource(self, t: Tag) -> dict[str, object]:
        last = max((d.last_posted for d in t.discussions), default=NOW)
        return {"type": "tags", "id": str(t.tid), "attributes": {
            "name": t.name, "description": t.description, "slug": t.slug, "color": t.color, "backgroundUrl": None,
            "backgroundMode": None, "icon": t.icon, "discussionCount": len(t.discussions), "position": t.position,
            "defaultSort": None, "isChild": False, "isHidden": False, "lastPostedAt": iso(last),
            "canStartDiscussion": False, "canAddToDiscussion": False}}  # fmt: skip

    def _user_resource(self, u: User, base: str) -> dict[str, object]:
        groups = {"admin": ["1"], "mod": ["4"]}.get(u.role, [])
        return {"type": "users", "id": str(u.uid), "attributes": {
            "username": u.username, "displayName": u.name, "avatarUrl": absolute(u.avatar, base) if u.avatar else None,
            "slug": u.username, "joinTime": iso(u.joined), "discussionCount": u.discussions,
            "commentCount": u.comments, "canEdit": False, "canEditCredentials": False, "canEditGroups": False,
            "canDelete": False, "lastSeenAt": iso(u.last_seen), "canSuspend": False, "canEditNickname": False},
            "relationships": {"groups": {"data": [{"type": "groups", "id": g} for g in groups]}}}  # fmt: skip

    def _discussion_resource(self, d: Discussion, *, with_posts: bool = False) -> dict[str, object]:
        rel: dict[str, object] = {
            "user": {"data": {"type": "users", "id": str(d.posts[0].uid)}},
            "lastPostedUser": {"data": {"type": "users", "id": str(d.posts[-1].uid)}},
            "tags": {"data": [{"type": "tags", "id": str(t.tid)} for t in d.tags]},
            "firstPost": {"data": {"type": "posts", "id": str(d.posts[0].pid)}},
        }
        if with_posts:
            rel["posts"] = {"data": [{"type": "posts", "id": str(p.pid)} for p in d.posts]}
        return {"type": "discussions", "id": str(d.did), "attributes": {
            "title": d.title, "slug": d.key, "commentCount": len(d.posts),
            "participantCount": len({p.uid for p in d.posts}), "createdAt": iso(d.created),
            "lastPostedAt": iso(d.last_posted), "lastPostNumber": d.posts[-1].number, "canReply": False,
            "canRename": False, "canDelete": False, "canHide": False, "lastReadAt": None, "lastReadPostNumber": None,
            "isApproved": True, "canTag": False, "isSticky": d.sticky, "canSticky": False, "isLocked": False,
            "canLock": False, "subscription": None}, "relationships": rel}  # fmt: skip

    def _post_resource(self, p: Post, base: str) -> dict[str, object]:
        return {"type": "posts", "id": str(p.pid), "attributes": {
            "number": p.number, "createdAt": iso(p.when), "contentType": "comment",
            "contentHtml": absolute(p.html, base), "renderFailed": False, "mentionedByCount": 0, "canEdit": False,
            "canDelete": False, "canHide": False, "canFlag": False, "isApproved": True, "canApprove": False,
            "canLike": False, "likesCount": p.pid % 7 if p.position == 1 else p.pid % 3},
            "relationships": {"discussion": {"data": {"type": "discussions", "id": str(p.did)}},
                              "user": {"data": {"type": "users", "id": str(p.uid)}},
                              "mentionedBy": {"data": []}, "likes": {"data": []}}}  # fmt: skip

    def _list_document(self, items: list[Discussion], offset: int, base: str, extra: str = "") -> dict[str, object]:
        shown = items[offset : offset + PER_PAGE]
        api = f"{base}/api/discussions?{extra}"
        links = {"first": api + "page%5Blimit%5D=20"}
        if offset > 0:
            links["prev"] = api + (f"page%5Boffset%5D={max(0, offset - PER_PAGE)}" if offset > PER_PAGE else
                                   "page%5Blimit%5D=20")  # fmt: skip
        if offset + PER_PAGE < len(items):
            links["next"] = api + f"page%5Boffset%5D={offset + PER_PAGE}"
        users = {d.posts[0].uid for d in shown} | {d.posts[-1].uid for d in shown}
        tags = {t.tid: t for d in shown for t in d.tags}
        return {"links": links, "data": [self._discussion_resource(d) for d in shown], "included": [
            *(self._user_resource(self.data.users[u], base) for u in sorted(users)),
            *(self._tag_resource(tags[t]) for t in sorted(tags))]}  # fmt: skip

    def _discussion_document(self, d: Discussion, posts: list[Post], base: str) -> dict[str, object]:
        users = sorted({p.uid for p in posts} | {d.posts[0].uid, d.posts[-1].uid})
        return {"data": self._discussion_resource(d, with_posts=True), "included": [
            *(self._post_resource(p, base) for p in posts),
            *(self._user_resource(self.data.users[u], base) for u in users),
            *(self._tag_resource(t) for t in d.tags)]}  # fmt: skip

    # -- pages ---------------------------------------------------------------------------------
    def _page(self, target: str, base: str, title: str, content: str, api: dict[str, object] | None, *,
              description: str = FORUM_DESCRIPTION, canonical: str | None = None, prev: str | None = None,
              nxt: str | None = None, status: int = 200) -> Reply:  # fmt: skip
        token = hashlib.sha1(f"{self.seed}|{target}".encode()).hexdigest()
        payload: dict[str, object] = {
            "resources": [self._forum_resource(base), *self._groups(),
                          *(self._tag_resource(t) for t in self.data.tags.values())],
            "session": {"userId": 0, "csrfToken": token[:40]},
            "locales": {"en": "English", "zh-Hans": "简体中文"},
            "locale": "en",
        }  # fmt: skip
        if api is not None:
            payload["apiDocument"] = api
        body = document(base, title=title, description=description, content=content, payload=payload,
                        header_html=header_html(base), canonical=canonical, prev=prev, nxt=nxt)  # fmt: skip
        cookie = f"flarum_session={token[:40]}; path=/; httponly; samesite=lax"
        return html(body, status=status, headers={"Set-Cookie": cookie})

    @staticmethod
    def _title(page_title: str | None, n: int = 1) -> str:
        if not page_title:
            return FORUM_TITLE if n == 1 else f"Page {n} - {FORUM_TITLE}"
        return f"{page_title} - {FORUM_TITLE}" if n == 1 else f"{page_title}: Page {n} - {FORUM_TITLE}"

    def _error(self, status: int) -> Route:
        return Route("noise", None, lambda base: html(error_page(status, base), status=status))

    # -- routing -------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:  # noqa: PLR0911
        parts = urlsplit(target)
        path = parts.path
        q = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        if path in {"/", "/all", "/following"}:
            return self.index_route(target, path, q)
        if path == "/tags":
            tags = list(self.data.tags.values())

            def render_tags(base: str) -> Reply:
                api = {"data": [self._tag_resource(t) for t in tags], "included": []}
                content = tags_content(tags, base)
                return self._page(target, base, self._title("Tags"), content, api, canonical=f"{base}/tags")

            return Route("index", "/tags", render_tags)
        if m := _TAG.match(path):
            return self.tag_route(target, m.group(1), q)
        if m := _DISCUSSION.match(path):
            return self.discussion_route(target, int(m.group(1)), m.group(3), q)
        if m := _USER.match(path):
            return self.user_route(target, m.group(1))
        if path in {"/settings", "/notifications"}:
            return self._error(401)
        if path in {"/login", "/register"}:
            return self._error(405)
        if path == "/api" or path.startswith("/api/"):
            return self.api_route(path, q)
        return None

    def index_route(self, target: str, path: str, q: dict[str, str]) -> Route:
        n = max(1, intval(q.get("page")))
        sort = q.get("sort") if q.get("sort") in SORTS else None
        items = self.data.listing()
        if sort:
            items = self.data.sorted_view(items, sort)
        if q.get("q"):
            items = [d for d in items if q["q"].lower() in d.title.lower()]
        pages = max(1, -(-len(items) // PER_PAGE))
        offset = (n - 1) * PER_PAGE

        def render(base: str) -> Reply:
            shown = items[offset : offset + PER_PAGE]
            prev = f"{base}/all?page={n - 1}" if n > 1 else None
            nxt = f"{base}/all?page={n + 1}" if n < pages else None
            content = index_content("All Discussions", shown, base, prev=prev, nxt=nxt)
            page_title = None if path == "/" else ("Following" if path == "/following" else "All Discussions")
            canonical = base if n == 1 else f"{base}?page={n}"
            return self._page(target, base, self._title(page_title, n), content, self._list_document(
                items, offset, base), canonical=canonical, prev=(base if n == 2 else f"{base}?page={n - 1}") if n > 1
                else None, nxt=f"{base}?page={n + 1}" if n < pages else None)  # fmt: skip

        if path == "/following" or sort or q.get("q") or n > pages:
            return Route("noise", None, render)
        return Route("index", self.index_target(n), render)

    def tag_route(self, target: str, slug: str, q: dict[str, str]) -> Route | None:
        t = self.data.tags.get(slug.lower())
        if t is None:
            return None
        n = max(1, intval(q.get("page")))
        sort = q.get("sort") if q.get("sort") in SORTS else None
        items = t.listing() if sort is None else self.data.sorted_view(t.listing(), sort)
        if q.get("q"):
            items = [d for d in items if q["q"].lower() in d.title.lower()]
        pages = max(1, -(-len(items) // PER_PAGE))
        offset = (n - 1) * PER_PAGE

        def render(base: str) -> Reply:
            shown = items[offset : offset + PER_PAGE]
            prev = f"{base}/t/{t.slug}?page={n - 1}" if n > 1 else None
            nxt = f"{base}/t/{t.slug}?page={n + 1}" if n < pages else None
            content = index_content(t.name, shown, base, prev=prev, nxt=nxt, description=t.description)
            api = self._list_document(items, offset, base, f"filter%5Btag%5D={t.slug}&")
            return self._page(target, base, self._title(t.name), content, api, description=t.description)

        if sort or q.get("q") or n > pages:
            return Route("noise", None, render)
        return Route("index", self.tag_target(t, n), render)

    def discussion_route(self, target: str, did: int, near: str | None, q: dict[str, str]) -> Route | None:
        d = self.data.discussions.get(did)
        if d is None:
            return None
        n = max(1, intval(q.get("page")))
        number = intval(near)
        if number > 0:
            index = min(sum(p.number < number for p in d.posts), len(d.posts) - 1)
            n = max(n, index // PER_PAGE + 1)
        shown = d.posts[(n - 1) * PER_PAGE : n * PER_PAGE]
        has_next = n < 1 + len(d.posts) // PER_PAGE  # Flarum's test, true on an empty page after 20·k posts

        def url(base: str, page: int) -> str:
            params = {**q, "page": str(page)}
            if page == 1:
                del params["page"]
            query = urlencode(params)
            return f"{base}/d/{d.key}" + (f"?{query}" if query else "")

        def render(base: str) -> Reply:
            prev = url(base, n - 1) if n > 1 else None
            nxt = url(base, n + 1) if has_next else None
            content = discussion_content(d.title, shown, self.data.users, base, prev=prev, nxt=nxt)
            return self._page(target, base, self._title(d.title, n), content,
                              self._discussion_document(d, shown, base), canonical=url(base, n), prev=prev,
                              nxt=nxt)  # fmt: skip

        if not shown:
            return Route("noise", None, render)
        return Route("thread", d.target(n), render)

    def user_route(self, target: str, username: str) -> Route | None:
        u = self.data.by_name.get(username.lower())
        if u is None:
            return None
        posts = sorted((p for p in self.data.pids.values() if p.uid == u.uid), key=lambda p: -p.pid)[:PER_PAGE]

        def render(base: str) -> Reply:
            content = user_content(u.name, posts, self.data.users, base)
            return self._page(target, base, self._title(u.name), content, {"data": self._user_resource(u, base),
                              "included": []}, canonical=f"{base}/u/{u.username}")  # fmt: skip

        return Route("noise", None, render)

    def api_route(self, path: str, q: dict[str, str]) -> Route | None:  # noqa: PLR0911
        def reply(doc: Callable[[str], object]) -> Route:
            return Route("noise", None, lambda base: Reply(200, php_json(doc(base), slashes=False), {
                "Content-Type": "application/vnd.api+json"}))  # fmt: skip

        data = self.data
        if path in {"/api", "/api/"}:
            return reply(lambda base: {"data": self._forum_resource(base), "included": self._groups()})
        if path == "/api/discussions":
            items = data.listing()
            if q.get("filter[tag]") in data.tags:
                items = data.tags[q["filter[tag]"]].listing()
            offset = max(0, intval(q.get("page[offset]")))
            return reply(lambda base: self._list_document(items, offset, base))
        if path == "/api/tags":
            return reply(lambda base: {"data": [self._tag_resource(t) for t in data.tags.values()]})
        m = _API_POST.match(path)
        if m is None:
            return None
        kind, key = m.groups()
        if kind == "discussions" and (d := data.discussions.get(intval(key))) is not None:
            return reply(lambda base: self._discussion_document(d, d.posts[:PER_PAGE], base))
        if kind == "posts" and (p := data.pids.get(intval(key))) is not None:
            return reply(lambda base: {"data": self._post_resource(p, base)})
        if kind == "users":
            u = data.users.get(intval(key)) if key.isdigit() else data.by_name.get(key.lower())
            if u is not None:
                return reply(lambda base: {"data": self._user_resource(u, base)})
        if kind == "tags" and (t := data.tags.get(key)) is not None:
            return reply(lambda base: {"data": self._tag_resource(t)})
        return None

    # -- serving -------------------------------------------------------------------------------
    def static(self, path: str, base: str) -> Reply | None:
        """``/robots.txt`` and the assets the pages name (kind ``other``)."""
        if path == "/robots.txt":
            return Reply(200, robots_txt(base), {"Content-Type": "text/plain; charset=utf-8"})
        if path == "/assets/forum.css":
            return Reply(200, FORUM_CSS, {"Content-Type": "text/css; charset=utf-8"})
        if path in {"/assets/forum.js", "/assets/forum-en.js"}:
            return Reply(200, FORUM_JS, {"Content-Type": "application/javascript; charset=utf-8"})
        if path in {"/assets/fonts/fa-solid-900.woff2", "/assets/fonts/fa-regular-400.woff2"}:
            return Reply(200, b"wOF2\x00\x01\x00\x00", {"Content-Type": "font/woff2"})
        if path == "/assets/favicon-k2ld0ajx.png" or path in self.data.avatars:
            return Reply(200, _PNG, {"Content-Type": "image/png"})
        return None

    def handle(self, request: SiteRequest) -> Reply:
        path, base = request.path, request.base_url
        if (asset := self.static(path, base)) is not None:
            return asset
        route = self.resolve(request.target)
        if route is None:
            if path == "/api" or path.startswith("/api/"):
                body = '{"errors":[{"status":"404","code":"not_found"}]}'
                return Reply(404, body, {"Content-Type": "application/vnd.api+json"})
            return html(error_page(404, base), status=404)
        return route.render(base)
