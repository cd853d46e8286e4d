/* The last error belongs to the thread that failed: a second thread sees
 * its own, and the first thread's is unchanged by it. */
#include <pthread.h>
#include <string.h>

#include "check.h"

static char seen_by_worker[512];

static void *worker(void *unused) {
    (void)unused;
    size_t length = 0;
    /* Nothing has failed on this thread yet. */
    CHECK_OK(bagh_last_error_message(seen_by_worker, sizeof seen_by_worker, &length));
    CHECK(length == 0);
    bagh_ruleset *rules = NULL;
    CHECK_RESULT(bagh_ruleset_preset("worker-game", &rules), BAGH_INVALID_RULES);
    CHECK_OK(bagh_last_error_message(seen_by_worker, sizeof seen_by_worker, &length));
    return NULL;
}

int main(void) {
    bagh_ruleset *rules = NULL;
    CHECK_RESULT(bagh_ruleset_preset("main-game", &rules), BAGH_INVALID_RULES);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, worker, NULL) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(strstr(seen_by_worker, "worker-game") != NULL);
    CHECK(strstr(seen_by_worker, "main-game") == NULL);
    char mine[512];
    size_t length = 0;
    CHECK_OK(bagh_last_error_message(mine, sizeof mine, &length));
    CHECK(strstr(mine, "main-game") != NULL);
    /* Too small a buffer for the message reports its length and keeps it. */
    char tiny[4];
    size_t needed = 0;
    CHECK_RESULT(bagh_last_error_message(tiny, sizeof tiny, &needed), BAGH_BUFFER_TOO_SMALL);
    CHECK(needed == length);
    CHECK_OK(bagh_last_error_message(mine, sizeof mine, &length));
    CHECK(strstr(mine, "main-game") != NULL);
    puts("test_threads: ok");
    return 0;
}
