// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __get_user() family: a member in an open region, checks far away, checks that are copies
 * check-description: On x86 and powerpc a family member opens and closes its own region, so one called between user_read_access_begin() and its end ends the region early (a region finding with the accesses after it); a member validated calls up or many lines above is a distance at level 2, through an int helper returning __access_ok() (x86's valid_user_frame()) and a helper that copies with copy_from_user() and succeeds without a check only for NULL (fs/select.c's get_fd_set()); a pointer made from a 32-bit value (compat_ptr) needs no check.
 * check-level: 2
 *
 * check-output-start
family_region_distance.c:40:13: warning: __get_user() on 'q' relies on a check in the callers of 'uc_two', none of which is in this unit [-Wuaccess-unproven]
family_region_distance.c:40:13: warning: __get_user() inside the user-access region opened by user_read_access_begin() ends that region on x86 and powerpc: the accesses after it run outside it [-Wuaccess-region]
family_region_distance.c:37:14: note: region opened here
family_region_distance.c:42:9: note: the region also holds unsafe_get_user() here
family_region_distance.c:86:24: warning: __copy_to_user() on 'inp' is not proven to stay within the checked range [-Wuaccess-unproven]
family_region_distance.c:99:19: note: checked here
family_region_distance.c:86:24: warning: __copy_to_user() on 'inp' is validated by uc_get_set() in uc_select(), 2 calls up [-Wuaccess-distance]
family_region_distance.c:78:24: note: checked by uc_get_set(): copy_from_user(k, u, nr * sizeof(*k))
family_region_distance.c:99:19: note: whose result is tested here: uc_get_set(4, inp, k)
family_region_distance.c:104:16: note: call 1 of 2: uc_select() calls uc_deliver()
family_region_distance.c:92:16: note: call 2 of 2: uc_deliver() calls uc_set_set()
family_region_distance.c:86:24: note: distance: 2 calls, 13 source lines from the check to this access
 * check-output-end
 */

#include <linux/compat.h>
#include <linux/module.h>
#include <linux/uaccess.h>

struct uc_frame {
	const struct uc_frame __user *next;
	unsigned long ret;
};

int uc_two(u32 __user *p, u32 __user *q);
int uc_two(u32 __user *p, u32 __user *q)
{
	u32 a, b, c;

	if (!user_read_access_begin(p, 2 * sizeof(u32)))
		return -EFAULT;
	unsafe_get_user(a, p, fail);
	if (__get_user(b, q))
		goto fail;
	unsafe_get_user(c, p + 1, fail);
	user_read_access_end();
	return a + b + c;
fail:
	user_read_access_end();
	return -EFAULT;
}

static inline int uc_valid_frame(const void __user *fp, unsigned long size)
{
	return __access_ok(fp, size);
}

int uc_walk(unsigned long bp, unsigned long *out, int max);
int uc_walk(unsigned long bp, unsigned long *out, int max)
{
	const struct uc_frame __user *fp = (const void __user *)bp;
	struct uc_frame frame;
	int n = 0;

	while (n < max) {
		if (!uc_valid_frame(fp, sizeof(frame)))
			break;
		if (__get_user(frame.next, &fp->next))
			break;
		if (__get_user(frame.ret, &fp->ret))
			break;
		out[n++] = frame.ret;
		fp = frame.next;
	}
	return n;
}

static int uc_get_set(unsigned long nr, void __user *u, unsigned long *k)
{
	if (u)
		return copy_from_user(k, u, nr * sizeof(*k)) ? -EFAULT : 0;
	memset(k, 0, nr * sizeof(*k));
	return 0;
}

static unsigned long uc_set_set(unsigned long nr, void __user *u, unsigned long *k)
{
	if (u)
		return __copy_to_user(u, k, nr * sizeof(*k));
	return 0;
}

static int uc_deliver(void __user *u, unsigned long *k)
{
	return uc_set_set(4, u, k) ? -EFAULT : 0;
}

int uc_select(void __user *inp);
int uc_select(void __user *inp)
{
	unsigned long k[4];
	int ret = uc_get_set(4, inp, k);

	if (ret)
		return ret;
	k[0] ^= 1;
	return uc_deliver(inp, k);
}

int uc_compat_get(compat_uptr_t uptr, u32 *out);
int uc_compat_get(compat_uptr_t uptr, u32 *out)
{
	return __get_user(*out, (u32 __user *)compat_ptr(uptr));
}

MODULE_LICENSE("GPL");
