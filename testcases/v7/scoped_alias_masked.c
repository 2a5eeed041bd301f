// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: an alias of a masked scope's pointer, used after an access through the scope's own pointer
 * check-description: The 7.2 filldir shape and the scope's documented contract (include/linux/uaccess.h, above the scoped macros): a masked pointer's first access must lie within PAGE_SIZE of it, and a bad address, masked, faults there before anything else runs. 'dirent' is 'prev' plus the previous record's length: once the store through the scope's own 'prev' at offset 8 has run, every store through 'dirent' is an offset of the masked pointer, at a distance known only at run time (level 2: unproven, naming the first access); at a constant distance inside the guard it is proven, past it a range error. A store through the alias before any access through the scope's pointer is unchecked, as is one the first access's fault label goes on to (the access did not run), or an alias of one of the two pointers a PHI gave the scope, as is the powerpc emulate_spe() shape, where no access goes through the scope's pointer at all.
 * check-level: 2
 *
 * check-output-start
scoped_alias_masked.c:59:17: warning: unsafe_put_user() on 'dirent' is not proven to stay within the checked range [-Wuaccess-unproven]
scoped_alias_masked.c:57:9: note: checked here
scoped_alias_masked.c:58:17: note: this access through the masked pointer runs first and faults for a bad address, so 'dirent' counts as an offset of it
scoped_alias_masked.c:60:17: note: also here
scoped_alias_masked.c:61:17: warning: unsafe_copy_to_user() on 'dirent' is not proven to stay within the checked range [-Wuaccess-unproven]
scoped_alias_masked.c:57:9: note: checked here
scoped_alias_masked.c:58:17: note: this access through the masked pointer runs first and faults for a bad address, so 'dirent' counts as an offset of it
scoped_alias_masked.c:95:17: warning: unsafe_put_user() accesses bytes 0..7 of 'dirent', outside bytes -8192..-4097 that the masked pointer covers [-Wuaccess-range]
scoped_alias_masked.c:93:9: note: checked here
scoped_alias_masked.c:94:17: note: this access through the masked pointer runs first and faults for a bad address, so 'dirent' counts as an offset of it
scoped_alias_masked.c:110:17: warning: unsafe_put_user() on 'dirent' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_alias_masked.c:109:9: note: this scope validates only 'prev', the pointer it names
scoped_alias_masked.c:130:17: warning: unsafe_get_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_alias_masked.c:129:9: note: this scope validates only 'addr', the pointer it names
scoped_alias_masked.c:131:17: note: also here
scoped_alias_masked.c:152:17: warning: unsafe_put_user() on 'dirent' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_alias_masked.c:146:9: note: this scope validates only 'prev', the pointer it names
scoped_alias_masked.c:168:17: warning: unsafe_put_user() on 'da' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_alias_masked.c:166:9: note: this scope validates only 'prev', the pointer it names
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_dirent {
	u64 d_ino;
	s64 d_off;
	u16 d_reclen;
	char d_name[];
};

struct v7_fill {
	struct v7_dirent __user *current_dir;
	int prev_reclen;
};

int v7_filldir(struct v7_fill *buf, const char *name, int namlen, u64 ino, s64 offset);
int v7_filldir(struct v7_fill *buf, const char *name, int namlen, u64 ino, s64 offset)
{
	struct v7_dirent __user *dirent, *prev;
	int reclen = ALIGN(offsetof(struct v7_dirent, d_name) + namlen + 1, sizeof(u64));
	int prev_reclen = buf->prev_reclen;

	dirent = buf->current_dir;
	prev = (void __user *)dirent - prev_reclen;
	scoped_user_write_access_size(prev, reclen + prev_reclen, efault) {
		unsafe_put_user(offset, &prev->d_off, efault);
		unsafe_put_user(ino, &dirent->d_ino, efault);
		unsafe_put_user(reclen, &dirent->d_reclen, efault);
		unsafe_copy_to_user(dirent->d_name, name, namlen, efault);
	}
	buf->current_dir = (void __user *)dirent + reclen;
	buf->prev_reclen = reclen;
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_filldir);

int v7_fill_fixed(struct v7_fill *buf, u64 ino, s64 offset);
int v7_fill_fixed(struct v7_fill *buf, u64 ino, s64 offset)
{
	struct v7_dirent __user *dirent = buf->current_dir;
	struct v7_dirent __user *prev = (void __user *)dirent - 24;

	scoped_user_write_access_size(prev, 48, efault) {
		unsafe_put_user(offset, &prev->d_off, efault);
		unsafe_put_user(ino, &dirent->d_ino, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_fill_fixed);

int v7_fill_far(struct v7_fill *buf, u64 ino, s64 offset);
int v7_fill_far(struct v7_fill *buf, u64 ino, s64 offset)
{
	struct v7_dirent __user *dirent = buf->current_dir;
	struct v7_dirent __user *prev = (void __user *)dirent - 8192;

	scoped_user_write_access_size(prev, 8192 + 24, efault) {
		unsafe_put_user(offset, &prev->d_off, efault);
		unsafe_put_user(ino, &dirent->d_ino, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_fill_far);

int v7_fill_alias_first(struct v7_fill *buf, u64 ino, s64 offset);
int v7_fill_alias_first(struct v7_fill *buf, u64 ino, s64 offset)
{
	struct v7_dirent __user *dirent = buf->current_dir;
	struct v7_dirent __user *prev = (void __user *)dirent - buf->prev_reclen;

	scoped_user_write_access_size(prev, 48, efault) {
		unsafe_put_user(ino, &dirent->d_ino, efault);
		unsafe_put_user(offset, &prev->d_off, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_fill_alias_first);

struct v7_spe_regs {
	unsigned long dar;
};

int v7_emulate_spe(struct v7_spe_regs *regs, unsigned int nb, u32 *data);
int v7_emulate_spe(struct v7_spe_regs *regs, unsigned int nb, u32 *data)
{
	u32 __user *addr = (u32 __user *)regs->dar;
	u32 __user *p = addr;

	scoped_user_read_access_size(addr, nb, efault) {
		unsafe_get_user(data[0], p++, efault);
		unsafe_get_user(data[1], p++, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_emulate_spe);

int v7_fill_fault_goes_on(struct v7_fill *buf, u64 ino, s64 offset);
int v7_fill_fault_goes_on(struct v7_fill *buf, u64 ino, s64 offset)
{
	struct v7_dirent __user *dirent = buf->current_dir;
	struct v7_dirent __user *prev = (void __user *)dirent - 24;
	int err = 0;

	scoped_user_write_access_size(prev, 48, efault) {
		unsafe_put_user(offset, &prev->d_off, skip);
		goto on;
skip:
		err = -EFAULT;
on:
		unsafe_put_user(ino, &dirent->d_ino, efault);
	}
	return err;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_fill_fault_goes_on);

int v7_fill_either(struct v7_fill *a, struct v7_fill *b, bool first, u64 ino, s64 offset);
int v7_fill_either(struct v7_fill *a, struct v7_fill *b, bool first, u64 ino, s64 offset)
{
	struct v7_dirent __user *da = a->current_dir;
	struct v7_dirent __user *prev = first ? da : b->current_dir;

	scoped_user_write_access_size(prev, 48, efault) {
		unsafe_put_user(offset, &prev->d_off, efault);
		unsafe_put_user(ino, &da->d_ino, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_fill_either);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: an alias of a masked scope's pointer");
