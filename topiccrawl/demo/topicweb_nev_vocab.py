"""Vocabularies and site tables of :mod:`topiccrawl.demo.topicweb_nev`.

A *subject* is what an article is about, decided before its text is written; the
subjects in :data:`ON_TOPIC` are new-energy vehicles (the ground truth), all others
are not, however many topic words their text happens to contain. Templates are one a
line; ``{slot}`` is filled from :data:`SLOTS` or a number generator.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping


def _w(text: str) -> list[str]:
    return text.split()


def lines(text: str) -> list[str]:
    return [line for line in text.strip().split("\n") if line]


# fmt: off
ON_TOPIC = frozenset({"ev_model", "ev_charging", "ev_battery", "ev_market", "ev_policy", "ev_owner", "ev_biz",
                      "wiki_ev"})
GROUP = {
    **dict.fromkeys(ON_TOPIC, "ev"),
    **dict.fromkeys(("ice_review", "hev", "car_general", "ebike"), "car"),
    **dict.fromkeys(("phone_charge", "chip", "gadget"), "tech"),
    **dict.fromkeys(("solar_wind", "storage", "hydrogen", "oil_gas"), "energy"),
    **dict.fromkeys(("lithium", "stock_move", "macro", "corp"), "money"),
    **dict.fromkeys(("domestic", "world", "society", "ent", "sports", "gov_other", "chat", "wiki_misc"), "misc"),
}
# groups whose related links wander to each other (hard negatives sit next to the topic)
NEAR = {"ev": ("car", "energy", "money"), "car": ("ev",), "energy": ("ev",), "money": ("ev", "energy"),
        "tech": ("ev",)}

# -- hosts ---------------------------------------------------------------------------------------
SITE = {
    "news": ("华闻网", "华闻网 - 新闻资讯门户"),
    "auto": ("车行天下", "车行天下 - 汽车报价_新车_评测_新能源"),
    "tech": ("极客之家", "极客之家 - 科技数码资讯"),
    "finance": ("财富快报网", "财富快报网 - 股票_基金_财经新闻"),
    "energy": ("能源前沿网", "能源前沿网 - 新能源行业门户"),
    "gov": ("江东省工业和信息化厅", "江东省工业和信息化厅门户网站"),
    "bbs": ("车友汇论坛", "车友汇论坛 - Powered by Discuz!"),
    "wiki": ("知源百科", "知源百科 - 全球领先的中文百科"),
    "media": ("千帆号", "千帆号 - 创作者平台"),
}
# share of the articles per host; channels: (slug, name, weight, {subject: weight})
HOST_SHARE = {"news": 0.24, "auto": 0.14, "tech": 0.14, "finance": 0.11, "energy": 0.10,
              "gov": 0.06, "bbs": 0.11, "wiki": 0.04, "media": 0.06}
CHANNELS: dict[str, list[tuple[str, str, float, dict[str, float]]]] = {
    "news": [
        ("guonei", "国内", 0.22, {"domestic": 0.97, "ev_policy": 0.02, "ev_market": 0.01}),
        ("guoji", "国际", 0.12, {"world": 0.97, "ev_market": 0.03}),
        ("shehui", "社会", 0.16, {"society": 0.88, "ebike": 0.12}),
        ("yule", "娱乐", 0.14, {"ent": 1.0}),
        ("tiyu", "体育", 0.12, {"sports": 1.0}),
        ("keji", "科技", 0.08, {"phone_charge": 0.3, "chip": 0.3, "gadget": 0.35, "ev_model": 0.03}),
        ("caijing", "财经", 0.09, {"macro": 0.6, "stock_move": 0.25, "lithium": 0.1, "ev_biz": 0.05}),
        ("qiche", "汽车", 0.07, {"ice_review": 0.35, "car_general": 0.35, "hev": 0.12, "ev_model": 0.06,
                                 "ebike": 0.08}),
    ],
    "auto": [
        ("news", "资讯", 0.22, {"car_general": 0.4, "ice_review": 0.22, "ev_market": 0.1, "ev_model": 0.12,
                                "hev": 0.1, "ev_policy": 0.04}),
        ("pingce", "评测", 0.16, {"ice_review": 0.62, "hev": 0.13, "ev_model": 0.25}),
        ("daogou", "导购", 0.13, {"ice_review": 0.58, "hev": 0.2, "ev_model": 0.22}),
        ("hangqing", "行情", 0.12, {"ice_review": 0.7, "hev": 0.1, "ev_model": 0.2}),
        ("yongche", "用车", 0.16, {"car_general": 0.8, "ev_owner": 0.1, "ev_charging": 0.1}),
        ("ev", "新能源", 0.12, {"ev_model": 0.33, "ev_battery": 0.17, "ev_charging": 0.15, "ev_market": 0.15,
                                "ev_policy": 0.05, "hev": 0.15}),
        ("tech", "技术", 0.09, {"car_general": 0.5, "hev": 0.2, "ev_battery": 0.3}),
    ],
    "tech": [
        ("phone", "手机", 0.35, {"phone_charge": 0.55, "gadget": 0.45}),
        ("chip", "芯片", 0.17, {"chip": 1.0}),
        ("pc", "电脑", 0.17, {"gadget": 1.0}),
        ("smartcar", "智能车", 0.09, {"chip": 0.5, "gadget": 0.25, "ev_model": 0.2, "ev_market": 0.05}),
        ("it", "业界", 0.22, {"chip": 0.35, "gadget": 0.3, "phone_charge": 0.35}),
    ],
    "finance": [
        ("gupiao", "股票", 0.3, {"stock_move": 0.85, "lithium": 0.15}),
        ("gongsi", "公司", 0.22, {"corp": 0.68, "ev_biz": 0.32}),
        ("hangye", "行业", 0.14, {"ev_market": 0.2, "solar_wind": 0.25, "lithium": 0.2, "chip": 0.15, "corp": 0.2}),
        ("hongguan", "宏观", 0.16, {"macro": 1.0}),
        ("jijin", "基金", 0.1, {"macro": 0.5, "stock_move": 0.5}),
        ("qihuo", "期货", 0.08, {"lithium": 0.35, "oil_gas": 0.35, "macro": 0.3}),
    ],
    "energy": [
        ("guangfu", "光伏", 0.26, {"solar_wind": 0.95, "storage": 0.05}),
        ("fengdian", "风电", 0.15, {"solar_wind": 1.0}),
        ("chuneng", "储能", 0.18, {"storage": 0.85, "ev_battery": 0.1, "lithium": 0.05}),
        ("qingneng", "氢能", 0.08, {"hydrogen": 1.0}),
        ("youqi", "油气", 0.1, {"oil_gas": 1.0}),
        ("dianwang", "电网", 0.12, {"solar_wind": 0.5, "storage": 0.5}),
        ("chongdian", "充换电", 0.09, {"ev_charging": 0.72, "storage": 0.14, "solar_wind": 0.14}),
    ],
    "gov": [
        ("zwgk/tzgg", "通知公告", 0.35, {"gov_other": 0.93, "ev_policy": 0.07}),
        ("zcwj", "政策文件", 0.2, {"gov_other": 0.9, "ev_policy": 0.1}),
        ("zcjd", "政策解读", 0.2, {"gov_other": 0.88, "ev_policy": 0.12}),
        ("gzdt", "工作动态", 0.25, {"gov_other": 0.95, "ev_market": 0.05}),
    ],
    "bbs": [
        ("37", "比亚迪车友会", 0.1, {"ev_owner": 0.47, "ev_charging": 0.1, "ev_model": 0.05, "chat": 0.38}),
        ("41", "特斯拉车友会", 0.06, {"ev_owner": 0.47, "ev_charging": 0.12, "ev_model": 0.05, "chat": 0.36}),
        ("45", "理想/问界车友会", 0.06, {"ev_owner": 0.5, "ev_charging": 0.1, "ev_model": 0.08, "chat": 0.32}),
        ("12", "大众车友会", 0.12, {"car_general": 0.5, "ice_review": 0.25, "chat": 0.22, "ev_owner": 0.03}),
        ("15", "丰田车友会", 0.11, {"car_general": 0.45, "hev": 0.25, "chat": 0.27, "ev_owner": 0.03}),
        ("18", "本田车友会", 0.09, {"car_general": 0.45, "hev": 0.2, "ice_review": 0.1, "chat": 0.25}),
        ("22", "用车养车", 0.12, {"car_general": 0.8, "ev_charging": 0.06, "ebike": 0.04, "chat": 0.1}),
        ("26", "自驾游", 0.1, {"chat": 0.9, "car_general": 0.1}),
        ("2", "灌水专区", 0.13, {"chat": 0.95, "phone_charge": 0.05}),
        ("8", "二手交易", 0.06, {"chat": 0.6, "car_general": 0.4}),
    ],
    "wiki": [
        ("交通", "交通", 0.25, {"wiki_ev": 0.32, "wiki_misc": 0.68}),
        ("科技", "科技", 0.2, {"wiki_ev": 0.12, "wiki_misc": 0.88}),
        ("地理", "地理", 0.2, {"wiki_misc": 1.0}),
        ("人物", "人物", 0.2, {"wiki_misc": 1.0}),
        ("自然", "自然", 0.15, {"wiki_misc": 1.0}),
    ],
    "media": [
        ("keji", "科技", 0.2, {}), ("qiche", "汽车", 0.22, {}), ("caijing", "财经", 0.16, {}),
        ("yule", "娱乐", 0.16, {}), ("tiyu", "体育", 0.12, {}), ("shehui", "社会", 0.14, {}),
    ],
}
BBS_GROUPS = {"1": ("新能源车友会", ("37", "41", "45")), "2": ("燃油车友会", ("12", "15", "18")),
              "3": ("生活", ("22", "26", "2", "8"))}
# 千帆号 authors write by their beat: media channel slug -> subject mixes of its authors
AUTHOR_BEATS = {
    "keji": [{"phone_charge": 0.5, "gadget": 0.3, "chip": 0.2}, {"chip": 0.6, "ev_model": 0.15, "gadget": 0.25}],
    "qiche": [{"ev_model": 0.35, "ev_owner": 0.1, "ev_charging": 0.1, "ice_review": 0.45},
              {"ice_review": 0.5, "hev": 0.25, "car_general": 0.25}, {"car_general": 0.7, "ebike": 0.3},
              {"ev_owner": 0.2, "ev_charging": 0.1, "ev_model": 0.2, "car_general": 0.5}],
    "caijing": [{"stock_move": 0.5, "lithium": 0.2, "ev_biz": 0.15, "macro": 0.15}, {"macro": 0.6, "corp": 0.4}],
    "yule": [{"ent": 1.0}], "tiyu": [{"sports": 1.0}], "shehui": [{"society": 0.85, "ebike": 0.15}],
}
AUTHOR_SUFFIX = {"keji": ["科技说", "数码笔记", "极客"], "qiche": ["说车", "看车", "车评", "玩车日记"],
                 "caijing": ["财经", "观市", "看盘"], "yule": ["娱乐圈", "追剧"], "tiyu": ["体育", "看球"],
                 "shehui": ["看天下", "热点"]}

# -- URL shapes and page furniture ---------------------------------------------------------------
PATHS = {"news": "/a/{ymd}/{key}.html", "auto": "/{ch}/{ym}/{key}.html", "tech": "/0/{k1}/{k2}.htm",
         "finance": "/a/{key}.html", "energy": "/news/{ymd}/{key}.shtml", "gov": "/{ch}/{ym}/t{ymd}_{key}.html",
         "bbs": "/thread-{key}-1-1.html", "wiki": "/item/{qname}/{key}", "media": "/s?id={key}"}
TAG_HOSTS = ("news", "tech", "energy")
LISTS = {  # (host, kind) -> (first page, page p); {q} is p - 1
    ("news", "ch"): ("/{key}/", "/{key}/index_{p}.shtml"),
    ("news", "zt"): ("/zt/{key}/", "/zt/{key}/?page={p}"),
    ("auto", "ch"): ("/{key}/", "/{key}/{p}/"),
    ("auto", "all"): ("/all/", "/all/{p}/"),
    ("auto", "series"): ("/series/{key}.html", "/series/{key}-{p}.html"),
    ("tech", "ch"): ("/{key}/", "/{key}/list_{p}.html"),
    ("tech", "all"): ("/list/", "/list/{p}.html"),
    ("finance", "ch"): ("/{key}/", "/{key}/?page={p}"),
    ("finance", "quote"): ("/quote/{key}.html", "/quote/{key}.html?p={p}"),
    ("energy", "ch"): ("/{key}/", "/{key}/{p}.shtml"),
    ("gov", "ch"): ("/{key}/index.htm", "/{key}/index_{q}.htm"),
    ("gov", "zt"): ("/ztzl/{key}/index.htm", "/ztzl/{key}/index_{q}.htm"),
    ("bbs", "ch"): ("/forum-{key}-1.html", "/forum-{key}-{p}.html"),
    ("bbs", "all"): ("/forum.php?mod=guide&view=new", "/forum.php?mod=guide&view=new&page={p}"),
    ("bbs", "arch"): ("/archiver/?fid-{key}.html", "/archiver/?fid-{key}.html&page={p}"),
    ("bbs", "space"): ("/space-uid-{key}.html", "/home.php?mod=space&uid={key}&view=thread&page={p}"),
    ("wiki", "ch"): ("/fenlei/{key}", "/fenlei/{key}?page={p}"),
    ("media", "ch"): ("/feed?tab={key}", "/feed?tab={key}&p={p}"),
    ("media", "all"): ("/feed?tab=tuijian", "/feed?tab=tuijian&p={p}"),
    ("media", "author"): ("/u?app_id={key}", "/u?app_id={key}&p={p}"),
    **{(h, "tag"): ("/tag/{key}/", "/tag/{key}/?page={p}") for h in TAG_HOSTS},
}
PER_PAGE = {"bbs": 30, "gov": 15, "wiki": 40}
GENERIC = ["阅读全文", "详情>>", "更多", "[详细]", "查看原文", ">>", "点击查看"]
STATIC = {"/about.html": "关于我们", "/contact.html": "联系我们", "/ad.html": "广告服务", "/sitemap.html": "网站地图",
          "/privacy.html": "隐私政策", "/jobs.html": "加入我们"}
EXTRA_STATIC = {"/app.html": "客户端下载", "/member.php": "登录", "/thread-1-1-1.html": "【版规】本版发帖须知"}
ZT = {"xinnengyuan": ("新能源汽车专题", "新能源"), "lianghui": ("两会专题", "国内"),
      "shuangshiyi": ("双十一", "数码"), "yayunhui": ("体坛风云", "体育")}
HOT_SEARCH = _w("新能源汽车 油价 降准 国足 电动车 芯片")
# the mega-menu: (label, link) and its items; "{series}" items are filled with model pages
MEGA = {
    "news": (("汽车", "/qiche/"), [("新车", "/qiche/"), ("新能源", "/tag/新能源/"), ("用车", "/qiche/")]),
    "auto": (("车系", "/all/"), []),
    "tech": (("智能车", "/smartcar/"), [("新能源汽车", "/smartcar/"), ("自动驾驶", "/tag/自动驾驶/"),
                                     ("快充", "/tag/快充/")]),
    "finance": (("行情中心", "/gupiao/"), [("新能源车", "/hangye/"), ("光伏", "/hangye/"), ("锂电", "/hangye/"),
                                        ("半导体", "/hangye/"), ("宁德时代", "/quote/300750.html"),
                                        ("比亚迪", "/quote/002594.html")]),
    "energy": (("充换电", "/chongdian/"), [("充电桩", "/chongdian/"), ("换电", "/chongdian/"),
                                        ("储能电池", "/chuneng/")]),
    "gov": (("专题专栏", "/ztzl/xnyqc/index.htm"), [("新能源汽车推广应用", "/ztzl/xnyqc/index.htm"),
                                                ("优化营商环境", "/ztzl/yshj/index.htm")]),
    "bbs": (("车友会", "/forum.php?mod=guide&view=new"),
            [(n, f"/forum.php?gid={g}") for g, (n, _) in BBS_GROUPS.items()]),
    "wiki": (("分类", "/"), []),
    "media": (("更多", "/feed?tab=tuijian"), [("推荐", "/feed?tab=tuijian")]),
}
NAV_EXTRA = {"news": [("专题", "/zt/xinnengyuan/"), ("滚动", "/roll/")], "tech": [("最新", "/list/")],
             "auto": [("最新", "/all/")]}
ROBOTS = {
    "news": "User-agent: *\nDisallow: /search\nDisallow: /print/\n",
    "bbs": "User-agent: *\nDisallow: /api/\nDisallow: /data/\nDisallow: /search.php\nDisallow: /member.php\n"
           "Disallow: /forum.php?mod=redirect*\nDisallow: /forum.php?mod=post*\nDisallow: /home.php?mod=spacecp*\n",
    "wiki": "User-agent: *\nDisallow: /search\nDisallow: /edit/\n",
}

# -- words -----------------------------------------------------------------------------------------
NAMES = _w("王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 林 罗 高 郑 梁 谢 宋 唐 许 韩 冯 邓 曹")
GIVEN = _w("伟 芳 娜 敏 静 磊 强 洋 勇 军 杰 涛 明 超 华 丽 鹏 辉 宇 浩 凯 婷 晨 欣 博 然 帆 宁 雪 琳")
NICKS = _w("老司机阿杰 电车小白 海豹车主 绿牌少年 油改电 夜跑的狗 江东老王 续航焦虑症 大众迈腾 凯美瑞车主 "
           "路过的风 不吃香菜 小鹏鹏 理想很丰满 蔚蓝色 胖虎 自驾达人 钓鱼佬 跑长途的 修车老李")
SLOTS: dict[str, list[str]] = {
    "ev": _w("比亚迪海豹 海豹06DM-i 比亚迪汉EV 秦PLUS 宋PLUS 比亚迪海鸥 腾势D9 小鹏G6 小鹏P7i 小鹏X9 理想L7 "
             "理想L6 理想MEGA 蔚来ET5T 蔚来ES6 乐道L60 极氪001 极氪007 问界M7 问界M9 小米SU7 特斯拉Model3 "
             "特斯拉ModelY 埃安S 昊铂GT 零跑C10 零跑C11 深蓝SL03 阿维塔12 智己LS6 岚图FREE 银河L7 哪吒L "
             "五菱缤果 宏光MINIEV 极越01 享界S9"),
    "evbrand": _w("比亚迪 蔚来 小鹏 理想 特斯拉 极氪 问界 小米汽车 埃安 零跑 深蓝 哪吒 阿维塔 岚图 智己"),
    "ice": _w("帕萨特 迈腾 途观L 本田雅阁 日产轩逸 别克君威 奥迪A4L 宝马3系 奔驰C级 哈弗H6 长安CS75PLUS "
              "吉利星越L 马自达CX-5 红旗H5 传祺GS8 丰田汉兰达 捷达VS5 吉利博越L 奇瑞瑞虎8 领克03"),
    "hev": _w("凯美瑞双擎 卡罗拉双擎 雷凌双擎 雅阁锐·混动 CR-V锐·混动 RAV4荣放双擎 亚洲龙双擎 奇骏e-POWER "
              "思域e:HEV"),
    "phone": _w("小米14 华为Mate60Pro iPhone15 OPPOFindX7 vivoX100 荣耀Magic6 一加12 RedmiK70 realmeGT5"),
    "chip": _w("骁龙8Gen3 天玑9300 麒麟9000S 苹果M3 英伟达H100 地平线征程6 英伟达Orin-X 高通8295"),
    "gadget": _w("笔记本 平板 TWS耳机 智能手表 显示器 机械键盘 路由器 扫地机器人 充电宝"),
    "city": _w("北京 上海 深圳 杭州 成都 武汉 西安 合肥 重庆 广州 郑州 长沙 南京 苏州 天津 青岛 昆明 沈阳"),
    "province": _w("江东 山东 河南 四川 湖北 安徽 广东 浙江 江苏 福建 云南 甘肃 内蒙古 青海 新疆"),
    "country": _w("美国 日本 德国 法国 英国 韩国 巴西 印度 澳大利亚 土耳其 墨西哥 泰国"),
    "stock": _w("宁德时代 比亚迪 亿纬锂能 国轩高科 赛力斯 长城汽车 江淮汽车 北汽蓝谷 赣锋锂业 天齐锂业 "
                "先导智能 恩捷股份"),
    "corp": _w("贵州茅台 招商银行 中国平安 万科A 美的集团 海天味业 中芯国际 紫金矿业 格力电器 中国移动 伊利股份"),
    "lithium_co": _w("赣锋锂业 天齐锂业 盐湖股份 融捷股份 雅化集团 永兴材料"),
    "battery_co": _w("宁德时代 弗迪电池 中创新航 国轩高科 亿纬锂能 蜂巢能源 欣旺达"),
    "solar_co": _w("隆基绿能 通威股份 晶科能源 天合光能 阳光电源 金风科技 明阳智能"),
    "feat": ["激光雷达上车", "城市NOA全量推送", "座舱换上8295芯片", "后排地板纯平", "悬架调校偏舒适",
             "CLTC续航{km}km", "零百加速3.8秒", "标配空气悬架", "起售价下探到{price}万", "车内冰箱彩电大沙发"],
    "feat_ice": ["2.0T加8AT", "空间依旧是强项", "油耗比上代低0.5L", "终于换上大屏", "底盘更扎实了", "降价后更香"],
    "tech": _w("刀片电池 800V碳化硅平台 麒麟电池 CTB车身一体化 第五代DM技术 增程器 全新电驱 4C超充电池"),
    "color": _w("星尘灰 极地白 深海蓝 曜石黑 霞光紫 青山绿"),
    "team": _w("广东队 辽宁队 北京首钢 上海久事 浙江稠州 山东泰山 上海海港 成都蓉城 北京国安"),
    "star": _w("刘昊然 赵丽颖 杨紫 王一博 周深 张艺兴 易烊千玺 杨幂"),
    "topic_gov": _w("就业 防汛 秋粮 养老 医保 消费 稳外贸 安全生产"),
}
SLOTS["ev2"], SLOTS["ice2"], SLOTS["city2"] = SLOTS["ev"], SLOTS["ice"], SLOTS["city"]
PRIMARY_SLOTS = ("ev", "ice", "hev", "phone", "stock", "lithium_co", "battery_co", "corp", "solar_co", "evbrand",
                 "chip", "city")
SERIES = SLOTS["ev"] + SLOTS["ice"] + SLOTS["hev"]  # the auto portal's model pages, /series/100.html on
CODES = dict(zip(SLOTS["stock"] + SLOTS["corp"] + SLOTS["lithium_co"][2:], _w(
    "300750 002594 300014 002074 601127 601633 600418 600733 002460 002466 300450 002812 600519 600036 601318 "
    "000002 000333 603288 688981 601899 000651 600941 600887 000792 002192 002497 002756"), strict=True))
# fmt: on

# Titles (first string) and sentences (second) of each subject, one a line.
T = {
    "ev_model": (
        """
{ev}到店实拍：{feat}，落地价{price}万起
试驾{ev}：{feat}，这台车值不值得等
{ev}长测第{n2}天：冬天开暖风还能跑多远
{ev}正式上市 售价{price}万元起
{price}万预算，{ev}和{ev2}怎么选？
{ev}改款曝光：换装{tech}
{evbrand}全新中型SUV谍照 或基于800V平台打造
{ev}对比{ev2}：谁的座舱更好用
{ev}首批用户交付 {feat}
""",
        """
{ev}的前脸采用封闭式设计，贯穿式灯带让整车显得很宽。
动力方面，新车搭载最大功率{kw}kW的驱动电机，官方零百加速{n1}.{n1}秒。
电池容量为{kwh}kWh，CLTC工况续航{km}km。
实测下来，高速120km/h巡航时的能耗在{n2}kWh/100km上下。
支持{kw}kW快充，从{n2}%充到80%只需要{n2}分钟。
车机采用高通8295芯片，语音识别响应很快。
它的对手是{ev2}，两者定价几乎重叠。
城区领航辅助表现稳定，复杂路口偶尔需要接管。
如果每天通勤在{n2}公里以内，家里又能装桩，它几乎挑不出毛病。
新车提供{n1}款配置，顶配车型标配激光雷达。
这次改款的重点是{tech}，官方称补能效率提升了{n2}%。
亏电状态下油耗为{n1}.{n1}L/100km，综合续航超过{n4}km。
单踏板模式的回收力度可以分三档调节，跟车很省心。
""",
    ),
    "ice_review": (
        """
{ice}试驾：{feat_ice}
{ice}降价{n1}万 终端优惠汇总
{price}万买合资B级车，{ice}对比{ice2}
新款{ice}上市 {feat_ice}
{ice}长测：{n4}公里后的油耗和毛病
{ice}到店实拍，{feat_ice}
""",
        """
动力方面，新车搭载2.0T涡轮增压发动机，最大功率{kw}kW，匹配8速手自一体变速箱。
WLTC综合油耗为{n1}.{n1}L/100km。
配置上，电动尾门、全景天窗和座椅通风都是标配。
低速时变速箱偶有顿挫，好在换挡逻辑比较聪明。
这一价位的新能源车型也在分流客户，但燃油车在补能上依旧方便。
48V轻混系统让起步更平顺，自动启停也更柔和。
后排腿部空间有两拳，中央地台凸起不高。
终端优惠普遍在{n1}万元左右，部分门店还送保养。
车机换上了新的大屏，不过操作逻辑还是老一套。
""",
    ),
    "hev": (
        """
不用充电的混动，{hev}值得买吗
{hev}油耗实测：市区{n1}.{n1}L
{hev}对比插混车型，差在哪里
{hev}到店 {feat_ice}
混动车也有电池，{hev}电池寿命多长
""",
        """
这套混合动力系统不需要外接充电，靠发动机和动能回收给电池补电。
电池容量只有1.{n1}kWh，纯电行驶只能维持很短距离。
由于不属于新能源汽车，{hev}不能享受购置税减免，也不能上绿牌。
市区拥堵路况下油耗可以做到{n1}.{n1}L/100km。
E-CVT的平顺性没得说，高速再加速时发动机噪音偏大。
不少消费者把它和插混车型放在一起比较。
官方承诺混动系统核心部件质保8年或20万公里。
""",
    ),
    "car_general": (
        """
驾照新规{month}月起实施，这些变化要注意
车险续保怎么买划算？
汽车保养的{n1}个误区
自驾{province}：{n1}天{n4}公里全记录
{city}新增{n2}处电子警察 抓拍这些违法
雨天行车，这几点一定要注意
机油多久换一次？{n1}个问题说清楚
""",
        """
{n1}月{n2}日起，驾驶证申领和使用有了新规定。
保险公司报价差别不小，建议多比较几家。
小保养主要更换机油和机油滤芯，大约{n3}元。
轮胎胎压要每月检查一次。
高速上遇到团雾，要及时打开雾灯，降低车速。
记者在{city}多家4S店走访发现，售后工时费差别较大。
交管部门提醒，驾驶时使用手机属于违法行为。
""",
    ),
    "ebike": (
        """
电动自行车新国标发布 {month}月起实施
电瓶车进电梯起火 {city}一小区紧急疏散
{city}严查电动车违规充电
电动车上牌有新规，{city}市民注意
老头乐禁行倒计时，{city}如何过渡
""",
        """
电动自行车最高车速不得超过25公里/小时。
不少居民把电瓶车推进楼道充电，存在很大安全隐患。
铅酸电池换锂电池要到正规门店，私自改装不能上牌。
小区新建了{n2}个电动车充电棚，扫码就能充。
消防部门提醒，电动车充电时间不宜超过8小时。
低速电动车不属于机动车目录，无法上牌。
""",
    ),
    "ev_charging": (
        """
小区装充电桩，物业不同意怎么办？
{city}新增{n3}座超充站 主城区基本覆盖
实探{city}高速服务区：节假日排队{n1}小时
{evbrand}换电站突破{n4}座
家用7kW交流桩安装全流程，花了{n4}元
{city}公共充电桩突破{n1}万个 车桩比降至{n1}:1
超充站“油车占位”怎么管？
""",
        """
报装需要先向物业申请，取得同意后再向供电公司提交资料。
电工上门勘测后，从电表箱拉了一条{n2}米的电缆。
申请独立电表后，夜间谷电只要0.3元一度。
站内配备液冷超充终端，单枪最大功率{kw}kW。
换电全程约{n1}分钟，车主不用下车。
部分燃油车占位的情况仍然存在，运营方开始收取占位费。
{city}的车桩比已经降到{n1}:1左右。
节假日高速服务区充电需求是平时的{n1}倍。
运营商表示，站点还将配套光伏车棚和储能柜。
""",
    ),
    "ev_battery": (
        """
刀片电池针刺试验视频流出
{battery_co}发布新一代磷酸铁锂电池 能量密度提升{n2}%
固态电池离装车还有多远？
电池衰减{n2}%能换吗？三年{n2}万公里车主实测
{battery_co}：4C超充电池已获多家车企定点
电池热失控，车企如何防
{year}年前{month}月动力电池装车量{n2}.{n1}GWh
""",
        """
动力电池是电动车成本最高的部件，约占整车成本的{n2}%。
磷酸铁锂电池热稳定性更好，但低温下续航打折明显。
三元锂电池能量密度更高，多用于长续航车型。
电池包采用无模组设计，体积利用率提升到{n2}%。
热管理系统可以在冬季预热电芯，缩短充电时间。
{battery_co}表示，该电池已获得多家车企定点。
电池管理系统会实时监控每一个电芯的电压和温度。
半固态电池已经小批量装车，全固态仍在实验室阶段。
中国汽车动力电池产业创新联盟数据显示，装车量同比增长{n2}%。
""",
    ),
    "ev_market": (
        """
{month}月新能源车销量出炉：{evbrand}再夺第一
新能源渗透率首次突破{n2}%
价格战下的{evbrand}：{month}月交付{n4}辆
欧盟对中国电动车加征关税 车企如何应对
中国电动车出口前{n1}月增长{n2}%
{evbrand}发布{month}月交付数据
""",
        """
乘联会数据显示，{month}月新能源乘用车零售{n2}.{n1}万辆，同比增长{n2}%。
插混车型增速明显快于纯电。
{evbrand}当月交付新车{n4}辆，环比增长{n2}%。
价格下探到{price}万元区间后，终端订单明显回暖。
海外市场成为新的增长点，东南亚和欧洲需求旺盛。
新势力品牌之间的差距正在拉大。
业内人士认为，下沉市场将是下一阶段的主战场。
""",
    ),
    "ev_policy": (
        """
关于延续和优化新能源汽车车辆购置税减免政策的公告
{year}年新能源汽车下乡活动启动
{city}发布汽车以旧换新补贴细则 买电车最高补{n1}万
减免车辆购置税的新能源汽车车型目录（第{n2}批）
关于加快推进充电基础设施建设的实施意见
{city}：新能源小客车指标配置办法调整
""",
        """
对购置日期在{year}年1月1日至12月31日期间的新能源汽车免征车辆购置税。
每辆新能源乘用车免税额不超过3万元。
报废旧车并购买新能源乘用车的，给予{n1}万元补贴。
各地要加快县域充换电设施补短板，推动公共充电网络覆盖。
享受政策的车型须列入《减免车辆购置税的新能源汽车车型目录》。
活动期间，参与车企将推出专属优惠和金融方案。
新建住宅停车位应全部建设充电设施或预留安装条件。
""",
    ),
    "ev_owner": (
        """
提车作业：{ev}，{color}，终于等到了
冬天续航掉了{n2}%，正常吗？
开了{n1}万公里，说说{ev}的真实感受
充电口盖打不开，有遇到的吗
第一次跑长途，{city}到{city2}全程记录
家充桩装好了，晒一下
{ev}车机升级后卡顿，求助
续保报价{n4}，电车保险为啥这么贵
""",
        """
提车那天下着小雨，销售小哥帮忙贴了膜。
目前表显续航{km}，实际打个八折吧。
冬天开暖风掉电确实快，早上预约加热能好一些。
周末跑高速，服务区的快充桩排了{n2}分钟。
车机偶尔会卡顿，等下次OTA吧。
保险第一年要{n4}块，比油车贵不少。
一个月电费也就{n3}块，比加油省太多了。
单踏板开久了，再开油车反而不习惯。
""",
    ),
    "ev_biz": (
        """
比亚迪：{month}月新能源汽车销量{n2}.{n1}万辆 同比增长{n2}%
宁德时代{year}年净利润{n3}亿元 动力电池份额稳居第一
蔚来第{q}季度交付{n4}辆 毛利率回升
{battery_co}与{evbrand}签订电池供货协议
理想汽车发布财报：营收{n3}亿元
赛力斯：问界系列{month}月交付{n4}辆
""",
        """
公告显示，公司{month}月新能源汽车产量{n2}万辆，其中纯电动乘用车{n1}万辆。
动力电池装机量为{n2}.{n1}GWh。
单车均价有所下降，但规模效应带动毛利率提升。
公司表示，海外工厂将于{year}年投产。
分析人士认为，公司在插混市场的优势短期难以撼动。
报告期内研发投入{n2}亿元，主要用于智能驾驶和电池技术。
""",
    ),
    "stock_move": (
        """
新能源汽车板块午后拉升 {stock}涨超{n1}%
{stock}股价跌{n1}.{n1}% 主力资金净流出{n1}亿
龙虎榜：{stock}获机构买入{n1}.{n1}亿
锂电池概念股集体走强
{stock}盘中异动 快速上涨{n1}%
两市成交额突破万亿 {stock}领涨
""",
        """
截至收盘，{stock}报{n3}.{n2}元，成交额{n2}.{n1}亿元。
换手率为{n1}.{n2}%。
板块内{n2}只个股上涨，{n1}只下跌。
北向资金今日净买入{n2}亿元。
技术面上看，股价已站上{n2}日均线。
机构提示，短期波动加大，投资者注意风险。
消息面上，新能源汽车月度销量数据超预期提振了板块情绪。
""",
    ),
    "lithium": (
        """
碳酸锂价格跌破{n2}万元/吨
{lithium_co}锂矿项目投产
锂价反弹 锂矿股能否走出底部
澳洲锂矿减产 供给收缩
碳酸锂期货主力合约跌停
""",
        """
电池级碳酸锂现货均价报{n2}.{n1}万元/吨，较上周下跌{n1}%。
锂辉石精矿价格同步走弱。
{lithium_co}表示，项目达产后年产能为{n2}万吨锂盐。
下游电池厂采购谨慎，库存去化需要时间。
盐湖提锂成本优势明显。
锂价下行压缩了矿企利润，部分高成本矿山停产。
""",
    ),
    "macro": (
        """
央行宣布降准0.{n1}个百分点
{month}月CPI同比上涨0.{n1}%
{month}月制造业PMI回升至50.{n1}%
前{month}月全国固定资产投资增长{n1}.{n1}%
人民币汇率创{n1}个月新高
""",
        """
国家统计局今日发布数据。
专家认为，稳增长政策效果逐步显现。
社会消费品零售总额同比增长{n1}.{n1}%。
央行有关负责人表示，将保持流动性合理充裕。
市场预计年内仍有降息空间。
""",
    ),
    "corp": (
        """
{corp}{year}年净利润{n3}亿元
{corp}拟回购不超过{n2}亿元股份
{corp}发布分红方案 每10股派{n2}元
{corp}高管增持
""",
        """
公司实现营业收入{n3}亿元，同比增长{n1}.{n1}%。
董事会审议通过了年度利润分配预案。
回购股份将用于员工持股计划。
公司表示将继续聚焦主业。
""",
    ),
    "phone_charge": (
        """
{phone}评测：{n3}W快充{n2}分钟充满
硅碳负极电池来了 手机续航提升{n2}%
充电宝新国标实施 这些不能带上飞机
{phone}电池健康度掉得快怎么办
{phone}续航实测：重度使用一天半
""",
        """
手机内置{n4}mAh电池，支持{n2}W有线快充和50W无线充电。
实测从1%充到100%用时{n2}分钟。
第三代硅碳负极让电池能量密度进一步提升。
充电时机身温度控制在{n2}度以内。
电池健康度低于80%建议更换。
双电芯设计让快充更安全。
官方称这块电池在{n3}次循环后仍保有80%容量。
""",
    ),
    "chip": (
        """
{chip}跑分曝光
国产{n1}nm工艺取得突破
{chip}量产上车 算力{n3}TOPS
AI PC元年：{chip}能否撑起端侧大模型
""",
        """
新芯片采用{n1}nm工艺制程，CPU性能提升{n2}%。
NPU算力达到{n2}TOPS。
GPU部分换用全新架构。
车规级芯片也在同步推进，智驾芯片算力达到{n3}TOPS。
供应链人士透露，新品将于{month}月量产。
""",
    ),
    "gadget": (
        """
新款{gadget}发布 售价{n4}元
{gadget}横评：{n1}款热门产品怎么选
{n4}元档{gadget}推荐
双十一{gadget}选购指南
""",
        """
屏幕采用{n1}.{n1}英寸OLED面板。
主动降噪深度达到{n2}dB。
续航方面，官方标称{n2}小时。
做工扎实，接口齐全。
电商平台首发价比上代便宜{n3}元。
""",
    ),
    "solar_wind": (
        """
上半年全国新能源新增装机{n3}GW
{solar_co}N型组件出货量领先
分布式光伏整县推进 {province}再添{n2}个试点
海上风电项目并网发电
新能源消纳难题如何破解
{province}新能源装机突破{n4}万千瓦
""",
        """
国家能源局数据显示，全国风电光伏累计装机突破{n2}亿千瓦。
新能源发电量占比持续提升。
组件价格已降至每瓦0.{n1}元左右。
项目采用{n2}台6.25MW风电机组。
弃风弃光率控制在{n1}%以内。
新能源基地配套特高压外送通道。
{solar_co}表示，海外订单占比已经超过{n2}%。
""",
    ),
    "storage": (
        """
{city}百兆瓦级储能电站投运
储能电池价格跌破0.{n1}元/Wh
钠离子电池储能示范项目开工
工商业储能迎来爆发
{battery_co}储能出货量同比增长{n2}%
""",
        """
储能系统采用磷酸铁锂电池，容量为{n3}MWh。
项目可参与电网调峰调频。
储能电芯出货量同比增长{n2}%。
{battery_co}储能业务收入占比提升到{n2}%。
峰谷价差拉大提升了工商业储能的收益率。
电池簇采用液冷温控。
""",
    ),
    "hydrogen": (
        """
绿氢项目在{province}落地
电解槽招标量大增
{province}发布氢能产业发展规划
""",
        """
项目利用风光发电电解水制氢，年产绿氢{n4}吨。
碱性电解槽仍是主流路线。
氢气主要供应化工和钢铁企业。
加氢站建设进度偏慢，燃料电池汽车推广不及预期。
""",
    ),
    "oil_gas": (
        """
今晚24时油价下调 加满一箱少花{n1}元
国际油价连续{n1}日上涨
{province}页岩气产量创新高
成品油价格迎年内第{n2}次调整
""",
        """
92号汽油每升下调0.{n2}元。
布伦特原油期货收于每桶{n2}.{n2}美元。
私家车加满一箱50升油将少花{n1}元。
天然气管网互联互通工程加快推进。
业内预计下一轮调价窗口大概率搁浅。
""",
    ),
    "gov_other": (
        """
关于开展{year}年安全生产大检查的通知
江东省家电以旧换新补贴实施方案
关于组织申报{year}年度专精特新中小企业的通知
关于公布{year}年第{n1}批绿色工厂名单的通知
关于推进工业互联网平台建设的指导意见
我厅召开{year}年全省工业和信息化工作会议
关于做好{year}年度光伏制造行业规范条件申报工作的通知
关于征集数字化转型典型案例的通知
""",
        """
各市工业和信息化主管部门：
为深入贯彻落实省委省政府决策部署，现将有关事项通知如下。
请于{year}年{month}月{day}日前将申报材料报送我厅。
会议要求，全年规上工业增加值增长{n1}%以上。
对认定的企业给予一次性奖励{n2}万元。
各地要压实属地责任，确保工作落到实处。
购买一级能效家电的，按售价的15%给予补贴。
""",
    ),
    "domestic": (
        """
{province}出台措施稳就业 新增岗位{n2}万个
国务院常务会议部署{topic_gov}工作
{city}地铁{n1}号线开通运营
{province}启动防汛四级应急响应
全国秋粮收获进度过{n2}%
""",
        """
记者从{province}有关部门获悉。
会议强调，要坚持稳中求进工作总基调。
新线全长{n2}公里，设站{n2}座。
气象部门预计，未来三天仍有强降雨。
当地已组织{n3}余名干部群众上堤巡查。
""",
    ),
    "world": (
        """
{country}大选结果揭晓
{country}领导人将访华
联合国安理会召开紧急会议
{country}央行宣布加息{n2}个基点
{country}发生{n1}.{n1}级地震
""",
        """
据外媒报道。
外交部发言人在例行记者会上回答了相关提问。
分析人士指出，局势仍存在不确定性。
当地时间{n1}日，会议在纽约举行。
""",
    ),
    "society": (
        """
{city}一男子高速逆行被查
外卖小哥勇救落水儿童
{city}今冬首场降雪
暑期{city}博物馆一票难求
{city}一小区停电{n2}小时 居民叫苦
""",
        """
记者从{city}警方了解到。
事发后，热心市民第一时间拨打了报警电话。
目前，相关部门已介入调查。
网友纷纷为他点赞。
""",
    ),
    "ent": (
        """
{star}新剧定档
春节档票房突破{n2}亿
{star}演唱会{city}站开票即售罄
{star}回应近期传闻
""",
        """
该剧由{star}主演，讲述了一段温暖的故事。
据猫眼专业版数据。
粉丝在社交平台晒出现场照片。
剧组透露，拍摄历时{n1}个月。
""",
    ),
    "sports": (
        """
CBA常规赛：{team}加时险胜
{team}主场{n1}比{n1}取胜
国足公布{month}月集训名单
{city}马拉松鸣枪开跑 {n2}万人参赛
""",
        """
本场比赛，{person}砍下{n2}分{n1}个篮板。
上半场双方战成平局。
赛后主教练表示，球队还有很大提升空间。
比赛吸引了{n4}名观众到场。
""",
    ),
    "chat": (
        """
周末{city}有约饭的吗
晒晒今天的晚饭
出个闲置{phone}
自驾去{province}，路上风景不错
大家都用什么行车记录仪
签到帖，{month}月{day}日
求推荐{city}靠谱的洗车店
""",
        """
今天天气不错，出去转了一圈。
有兴趣的坛友私信我。
价格好商量，同城面交。
路况很好，一路都是风景。
顺便问一下，附近有好吃的吗？
签到送积分，大家冲。
""",
    ),
}

# sentences any article of a group may carry
GROUP_SENTS = {
    "ev": """
新能源车的保值率一直是消费者关心的问题。
不少车主表示，日常用车成本比燃油车低一半以上。
随着补能网络完善，里程焦虑正在缓解。
智能化正成为新势力和传统车企竞争的焦点。
业内人士指出，价格战还将持续一段时间。
""",
    "car": """
汽车消费正在回暖，4S店的客流明显增加。
业内人士表示，燃油车的终端价格仍有下探空间。
车主在选车时越来越看重智能化配置。
二手车市场交易量同比增长{n1}%。
""",
    "energy": """
“双碳”目标下，能源结构转型持续推进。
新型电力系统建设进入快车道。
业内人士认为，行业已进入平价时代。
产业链上下游价格仍在调整。
""",
    "money": """
市场人士认为，短期内市场仍以结构性行情为主。
投资者需警惕业绩不及预期的风险。
多家券商上调了行业评级。
""",
    "tech": """
供应链人士透露，新品备货量较上一代明显增加。
业内人士认为，端侧AI将是下一个竞争焦点。
电商平台的预售数据显示，首批货源已售罄。
""",
    "misc": """
据了解，相关工作仍在推进中。
此事引发网友热议。
记者将持续关注。
""",
}
# fmt: off
# the little prefixes editors put before titles
TITLE_PREFIX = {"news": ["", "", "", "独家｜", "关注｜", "快讯：", "视频｜"],
                "auto": ["", "", "", "原创：", "热点｜", "资讯｜"],
                "tech": ["", "", "消息称", "曝", "IT早报："], "finance": ["", "", "快讯：", "公告速递｜", "盘点："],
                "energy": ["", "", "重磅！", "独家：", "能源快报｜"],
                "bbs": ["", "", "[转帖]", "【讨论】", "【求助】", "【分享】"],
                "media": ["", "", "深度｜", "刚刚，", "突发！", "观察｜"]}
TAGS = {
    "ev_model": "新能源 新车 纯电动 插混 {ev} 试驾 SUV 轿车", "ev_charging": "新能源 充电桩 超充 换电 补能",
    "ev_battery": "动力电池 新能源 固态电池 磷酸铁锂 电池", "ev_market": "新能源 销量 乘联会 出口 价格战",
    "ev_policy": "新能源 购置税 以旧换新 政策 补贴", "ev_owner": "提车 用车 续航 新能源",
    "ev_biz": "财报 销量 新能源 公司公告 {stock}", "ice_review": "新车 试驾 SUV 轿车 合资 降价 {ice}",
    "hev": "混动 新能源 油耗 {hev}", "car_general": "用车 保养 驾照 车险 自驾", "ebike": "电动车 消防 新国标 充电",
    "phone_charge": "手机 快充 电池 评测 {phone}", "chip": "芯片 AI 自动驾驶 半导体",
    "gadget": "数码 笔记本 耳机 双十一", "solar_wind": "光伏 风电 新能源 装机 消纳", "storage": "储能 电池 新能源 电网",
    "hydrogen": "氢能 绿氢 燃料电池", "oil_gas": "油价 原油 天然气", "lithium": "碳酸锂 锂矿 锂电池 期货",
    "stock_move": "A股 新能源汽车 个股 龙虎榜 {stock}", "macro": "宏观 央行 CPI 降准", "corp": "公司公告 财报 分红",
    "gov_other": "通知 政策 工业", "domestic": "国内 民生", "world": "国际", "society": "社会 热点",
    "ent": "娱乐 明星 电影", "sports": "体育 CBA 足球", "chat": "灌水 生活",
}
COMMENTS = {
    "ev": _w("冬天续航打对折，谁买谁知道 等固态电池出来再买 家里没桩的别碰电车 电车是真的省钱 这价格可以啊，已下定 "
             "续航虚标是通病 换电真方便，五分钟搞定 油车党路过"),
    "car": _w("还是油车省心 这油耗不如买电车 合资品牌还在吃老本 降价了再考虑 保养贵不贵？"),
    "misc": _w("沙发 说得好 支持一下 这有什么好报道的 楼上说得对 小编辛苦了 已阅 前排围观"),
}
REPLIES = _w("楼主好车，开心就好 同款同色，握爪 我的也是这样，去4S店升级就好了 路过，顶一下 mark一下 "
             "请问桩是哪家的？ 电费确实便宜 有图有真相 羡慕，还在等车 冬天掉电正常，别太在意 支持楼主 学习了")

# encyclopedia entries: on-topic names by kind, and off-topic names; a few off-topic names are
# also car names (海豹 the animal, 汉朝 the dynasty), and their entries say so
WIKI_ON = {
    "model": _w("比亚迪海豹 比亚迪汉 比亚迪秦PLUS 宋PLUS 比亚迪海鸥 小鹏G6 小鹏P7 理想L7 理想ONE 蔚来ET5 蔚来ES8 "
                "极氪001 问界M7 小米SU7 Model3 ModelY 埃安S 五菱宏光MINIEV 零跑C11 深蓝SL03 阿维塔11"),
    "company": _w("比亚迪 蔚来 小鹏汽车 理想汽车 特斯拉 宁德时代 广汽埃安 零跑汽车 极氪 赛力斯 国轩高科 中创新航"),
    "tech": _w("纯电动汽车 插电式混合动力汽车 增程式电动汽车 动力电池 刀片电池 磷酸铁锂电池 三元锂电池 固态电池 "
               "充电桩 换电站 电池管理系统 能量回收 CLTC工况 800V高压平台 V2G 燃料电池汽车"),
    "policy": _w("新能源汽车购置税减免 双积分政策 新能源汽车下乡 新能源汽车推广应用财政补贴 新能源汽车产业发展规划"),
}
WIKI_OFF = {
    "animal": _w("海豹 海鸥 海狮 海豚 企鹅 北极熊 东北虎 大熊猫 藏羚羊 丹顶鹤"),
    "dynasty": _w("汉朝 秦朝 唐朝 宋朝 元朝 明朝 清朝 夏朝"),
    "concept": _w("光伏发电 风力发电 储能电站 抽水蓄能 内燃机 涡轮增压 双离合变速箱 混合动力 锂 钴 镍 碳酸锂 快充 "
                  "手机电池 充电宝 电动自行车 汽油 柴油 天然气 特高压 碳达峰 碳中和 半导体 人工智能 5G"),
    "car": _w("大众帕萨特 本田雅阁 丰田凯美瑞 日产轩逸 哈弗H6 红旗H9 奥迪A6L 宝马5系 凯美瑞双擎 卡罗拉"),
    "place": _w("北京市 上海市 深圳市 合肥市 西安市 武汉市 成都市 宜宾市 宁德市 柳州市 青海湖 长江 黄河 泰山 西湖"),
}
HOMONYMS = {"海豹": "比亚迪海豹", "海鸥": "比亚迪海鸥", "汉朝": "比亚迪汉", "秦朝": "比亚迪秦PLUS", "宋朝": "宋PLUS"}
# fmt: on
WIKI_T = {
    "any": "截至{year}年，本词条已被编辑{n2}次。\n{name}的相关资料仍在补充中。",
    "model": """
{name}是一款国产新能源乘用车，于{year}年上市。
该车提供纯电和插混两种动力，CLTC续航最高{km}km。
车型基于{tech}打造。
上市后首月交付量突破{n4}辆。
{name}的主要竞品包括{ev}等车型。
""",
    "company": """
{name}是一家中国新能源汽车或动力电池企业，成立于{n4}年。
公司总部位于{city}。
{year}年，公司新能源相关业务收入{n3}亿元。
其产品覆盖纯电动、插电混动等多种技术路线。
""",
    "tech": """
{name}是新能源汽车领域的一项技术或设施。
它与续航里程、充电效率和安全性密切相关。
国内最早的应用见于{year}年前后。
目前{battery_co}、{evbrand}等企业均有布局。
""",
    "policy": """
{name}是中国推动新能源汽车产业发展的一项政策。
政策最早于{n4}年提出，此后多次调整。
政策覆盖纯电动、插电式混合动力和燃料电池汽车。
""",
    "animal": """
{name}是一种动物，主要分布在{country}等地。
成年个体体长约{n1}米。
{name}以鱼类为食，属于国家保护动物。
""",
    "dynasty": """
{name}是中国历史上的一个朝代。
{name}建立了统一的中央集权制度。
其都城位于{city}附近。
""",
    "concept": """
{name}是能源或工业领域的一个概念。
{name}广泛应用于电力、化工和消费电子等行业。
相关产业规模在{year}年达到{n3}亿元。
""",
    "car": """
{name}是一款燃油或油电混动车型，于{n4}年首次推出。
该车搭载{n1}.{n1}L发动机。
该车在{country}市场也有销售。
""",
    "place": """
{name}位于中国{province}一带。
当地常住人口约{n3}万人。
{name}是重要的交通枢纽和旅游目的地。
""",
    "person": """
{name}，{province}人，{n4}年出生。
{name}毕业于{city}某大学，长期从事教育和文化工作。
曾获得多项省级荣誉。
""",
}


# -- filling templates -------------------------------------------------------------------------------
_SLOT = re.compile(r"\{(\w+)\}")
# fmt: off
NUMS: dict[str, Callable[[random.Random], str]] = {
    "n1": lambda r: str(r.randint(1, 9)), "n2": lambda r: str(r.randint(10, 99)),
    "n3": lambda r: str(r.randint(100, 999)), "n4": lambda r: str(r.randint(1000, 9999)),
    "price": lambda r: f"{r.randint(6, 45)}.{r.randint(0, 9)}8", "km": lambda r: str(300 + 5 * r.randint(0, 120)),
    "kwh": lambda r: str(r.randint(30, 116)), "kw": lambda r: str(r.choice((60, 120, 150, 180, 250, 360, 480))),
    "month": lambda r: str(r.randint(1, 12)), "day": lambda r: str(r.randint(1, 28)),
    "year": lambda r: str(r.choice((2023, 2024))), "q": lambda r: str(r.randint(1, 4)),
    "person": lambda r: r.choice(NAMES) + r.choice(GIVEN) + r.choice(["", *GIVEN]),
}
# fmt: on


def fill(rng: random.Random, template: str, fixed: dict[str, str]) -> str:
    """Fill ``{slot}``s; the first value of a primary slot (the model, the stock...) is kept in ``fixed``."""

    def sub(m: re.Match[str]) -> str:
        k = m.group(1)
        if k in fixed:
            return fixed[k]
        if k in NUMS:
            return NUMS[k](rng)
        v = rng.choice(SLOTS[k])
        if k.endswith("2") and v == fixed.get(k[:-1]):  # compare two models, not one with itself
            v = SLOTS[k][(SLOTS[k].index(v) + 1) % len(SLOTS[k])]
        if k in PRIMARY_SLOTS:
            fixed[k] = v
        return fill(rng, v, fixed) if "{" in v else v

    return _SLOT.sub(sub, template)


def pick(rng: random.Random, weights: Mapping[str, float]) -> str:
    return rng.choices(list(weights), list(weights.values()))[0]
