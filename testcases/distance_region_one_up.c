// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: helper one call below the checking begin, at level 2
 * check-description: The same code as distance_region_two_up.c at level 2: put_flag(), called directly inside the region, is reported too, one call up; every access is proven, so no unproven line appears.
 * check-level: 2
 *
 * check-output-start
distance_region_one_up.c:35:9: warning: unsafe_put_user() runs in a region opened 2 calls up, by user_write_access_begin(uw, sizeof(*uw)) in export_words() [-Wuaccess-distance]
distance_region_one_up.c:61:14: note: region opened here
distance_region_one_up.c:63:15: note: call 1 of 2: export_words() calls put_pair()
distance_region_one_up.c:45:16: note: call 2 of 2: put_pair() calls put_word()
distance_region_one_up.c:61:14: note: checked here: user_write_access_begin(uw, sizeof(*uw))
distance_region_one_up.c:35:9: note: distance: 2 calls, 26 source lines from the check to this access
distance_region_one_up.c:50:9: warning: unsafe_put_user() runs in a region opened 1 call up, by user_write_access_begin(uw, sizeof(*uw)) in export_words() [-Wuaccess-distance]
distance_region_one_up.c:61:14: note: region opened here
distance_region_one_up.c:65:23: note: call 1 of 1: export_words() calls put_flag()
distance_region_one_up.c:61:14: note: checked here: user_write_access_begin(uw, sizeof(*uw))
distance_region_one_up.c:50:9: note: distance: 1 call, 11 source lines from the check to this access
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_words {
	u32 lo;
	u32 hi;
	u32 flag;
};

static noinline int put_word(u32 __user *w, u32 v)
{
	unsafe_put_user(v, w, efault);
	return 0;
efault:
	return -EFAULT;
}

static noinline int put_pair(struct uc_words __user *uw, u64 v)
{
	if (put_word(&uw->lo, (u32)v))
		return -EFAULT;
	return put_word(&uw->hi, (u32)(v >> 32));
}

static noinline int put_flag(struct uc_words __user *uw)
{
	unsafe_put_user(1, &uw->flag, efault);
	return 0;
efault:
	return -EFAULT;
}

int export_words(struct uc_words __user *uw, u64 v);
int export_words(struct uc_words __user *uw, u64 v)
{
	int err;

	if (!user_write_access_begin(uw, sizeof(*uw)))
		return -EFAULT;
	err = put_pair(uw, v);
	if (!err)
		err = put_flag(uw);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(export_words);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: access in a helper two calls below the checking begin");
