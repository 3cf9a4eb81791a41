/* test_peers.c -- service/http/peers.c: connections counted per client
 * address for the per-address cap (issue 16, slowloris), checked against a
 * naive list under random opens and closes (model: SQLite's bitvec test). */
#include <arpa/inet.h>
#include <stdio.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include "../../../service/http/peers.h"
#include "../../support/testutil.h"

CC_SUITE(peers);

static peer_key v4(const char *text)
{
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    cr_assert_eq(inet_pton(AF_INET, text, &sa.sin_addr), 1);
    return peer_key_of((struct sockaddr *)&sa);
}

static peer_key v6(const char *text)
{
    struct sockaddr_in6 sa;
    memset(&sa, 0, sizeof sa);
    sa.sin6_family = AF_INET6;
    cr_assert_eq(inet_pton(AF_INET6, text, &sa.sin6_addr), 1);
    return peer_key_of((struct sockaddr *)&sa);
}

Test(peers, an_address_is_admitted_up_to_its_cap_and_again_after_a_close)
{
    peers *p = peers_new(100);
    peer_key a = v4("10.0.0.1"), b = v4("10.0.0.2");
    for (int i = 0; i < 3; i++)
        cr_assert(peers_add(p, &a, 3));
    cr_assert_not(peers_add(p, &a, 3), "the fourth from one address is refused");
    cr_assert(peers_add(p, &b, 3), "another address is not affected");
    cr_assert_eq(peers_count(p, &a), 3);
    peers_remove(p, &a);
    cr_assert(peers_add(p, &a, 3));
    peers_free(p);
}

/* An IPv4 client seen through an IPv6 socket is the same client; an IPv6
 * host usually holds a whole /64, so that is what counts. */
Test(peers, mapped_ipv4_is_ipv4_and_ipv6_counts_per_64)
{
    peers *p = peers_new(100);
    peer_key a = v4("192.0.2.7"), mapped = v6("::ffff:192.0.2.7");
    cr_assert(peers_add(p, &a, 2));
    cr_assert(peers_add(p, &mapped, 2));
    cr_assert_not(peers_add(p, &a, 2));
    peer_key h1 = v6("2001:db8:1:2::1"), h2 = v6("2001:db8:1:2:ffff::9"), other = v6("2001:db8:1:3::1");
    cr_assert(peers_add(p, &h1, 2));
    cr_assert(peers_add(p, &h2, 2));
    cr_assert_not(peers_add(p, &h1, 2), "same /64");
    cr_assert(peers_add(p, &other, 2), "another /64");
    peers_free(p);
}

/* Random opens and closes over few addresses (long probe runs, many
 * deletions that shift entries back) agree with plain counting. */
Test(peers, counts_agree_with_a_naive_count_under_random_opens_and_closes)
{
    enum { ADDRS = 300, CAP = 5, OPS = 200000 };
    peers *p = peers_new(ADDRS * CAP);
    unsigned naive[ADDRS] = { 0 };
    peer_key keys[ADDRS];
    for (int i = 0; i < ADDRS; i++) {
        char text[32];
        snprintf(text, sizeof text, "10.%d.%d.1", i / 250, i % 250);
        keys[i] = v4(text);
    }
    srand(16);
    for (int op = 0; op < OPS; op++) {
        int i = rand() % ADDRS;
        if (rand() % 2) {
            bool ok = peers_add(p, &keys[i], CAP);
            cr_assert_eq(ok, naive[i] < CAP, "op %d add %d", op, i);
            naive[i] += ok;
        } else if (naive[i] > 0) {
            peers_remove(p, &keys[i]);
            naive[i]--;
        }
        if (op % 1000 == 0)
            for (int j = 0; j < ADDRS; j++)
                cr_assert_eq(peers_count(p, &keys[j]), naive[j], "op %d address %d", op, j);
    }
    peers_free(p);
}
