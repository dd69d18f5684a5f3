"""Is this request a crawler's (a search engine, a link preview, a script)? Their fetches of a
story or video are not views. The list of agents is crawlerdetect's (MIT, from JayBizzle's
Crawler-Detect), not ours."""
from functools import cache, lru_cache


@cache
def _detector():
    """Made on first use, not when a process starts (it compiles a long list of patterns)."""
    from crawlerdetect import CrawlerDetect
    return CrawlerDetect()


@lru_cache(maxsize=2048)
def is_crawler(user_agent):
    """True for a known crawler's or script's user agent."""
    if not user_agent:
        return False  # test clients and some privacy tools send none; counted as before
    return bool(_detector().isCrawler(user_agent))
