"""50 clients liking, unliking and commenting at once leave every counter equal to its rows."""
import threading

from core.models import Comment, Like, Story


def test_concurrent_engagement_keeps_counters_exact(users, db):
    owner, _ = users.signed_in()
    story = owner.post("/api/stories", json={
        "content": "The walls were listening.", "genre": "Paranormal", "mood": "Eerie"}).get_json()
    clients = [users.signed_in()[0] for _ in range(50)]
    base = f"/api/stories/{story['id']}"
    errors = []
    start = threading.Barrier(len(clients))

    def act(index, client):
        try:
            start.wait()
            client.post(base + "/like")
            client.post(base + "/comments", json={"content": f"comment {index}"})
            if index % 3 == 0:
                client.delete(base + "/like")
            client.post(base + "/like") if index % 6 == 0 else None
            reply = client.post(base + "/comments", json={"content": "reply", "parentId": None})
            if index % 4 == 0 and reply.status_code == 201:
                client.delete(f"/api/stories/comments/{reply.get_json()['id']}")
        except Exception as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=act, args=(i, c)) for i, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    row = Story.get_by_id(story["id"])
    assert row.likes_count == Like.select().where(Like.story == row.id).count()
    assert row.comments_count == Comment.select().where(Comment.story == row.id).count()
    expected_likes = sum(1 for i in range(50) if i % 3 != 0 or i % 6 == 0)
    assert row.likes_count == expected_likes
    assert row.comments_count == 50 + sum(1 for i in range(50) if i % 4 != 0)
