// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a helper that opens its caller's region
 * check-description: open_for_write() and open_for_read() return user_*_access_begin()'s own result, so a caller that tests it has checked the pointer for that length and holds a region of that mode on success, as if it had written the begin itself; the helpers' returns hand the region over and are no open returns. put_pair() is right. put_far() writes past the 8 bytes the begin checked (range), get_then_put() writes in a region opened for reading (mode), and put_no_end() returns with the helper's region open.
 * check-level: 0
 *
 * check-output-start
helper_opens_region.c:61:9: warning: unsafe_put_user() accesses bytes 8..11 of 'p', beyond the 8 bytes checked [-Wuaccess-range]
helper_opens_region.c:59:14: note: checked here
helper_opens_region.c:79:9: warning: unsafe_put_user() writes in a region opened for reading [-Wuaccess-mode]
helper_opens_region.c:76:14: note: region opened here
helper_opens_region.c:96:9: warning: returns with the user-access region still open [-Wuaccess-region]
helper_opens_region.c:93:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_word {
	u32 __user *out;
	u32 v;
};

static __always_inline bool open_for_write(u32 __user *p)
{
	return user_write_access_begin(p, 2 * sizeof(*p));
}

static noinline bool open_for_read(u32 __user *p)
{
	return user_read_access_begin(p, sizeof(*p));
}

int put_pair(struct uc_word *w);
int put_pair(struct uc_word *w)
{
	u32 __user *p = w->out;

	if (!open_for_write(p))
		return -EFAULT;
	unsafe_put_user(w->v, p, efault);
	unsafe_put_user(w->v, p + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair);

int put_far(struct uc_word *w);
int put_far(struct uc_word *w)
{
	u32 __user *p = w->out;

	if (!open_for_write(p))
		return -EFAULT;
	unsafe_put_user(w->v, p + 2, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_far);

int get_then_put(struct uc_word *w);
int get_then_put(struct uc_word *w)
{
	u32 __user *p = w->out;
	u32 old;

	if (!open_for_read(p))
		return -EFAULT;
	unsafe_get_user(old, p, efault);
	unsafe_put_user(old + w->v, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(get_then_put);

int put_no_end(struct uc_word *w);
int put_no_end(struct uc_word *w)
{
	u32 __user *p = w->out;

	if (!open_for_write(p))
		return -EFAULT;
	unsafe_put_user(w->v, p, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_no_end);

MODULE_LICENSE("GPL");
